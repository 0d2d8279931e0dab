// The README's first steps, as a newcomer runs them, against the production server: `npm run seed --
// --json --webhook-url`, then the curl flow over HTTP (game, currency, link, credit, balance, journal),
// and the signed webhooks that the in-process worker delivers to a real receiver.
import { createHmac, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { seed, startReceiver } from "./support";

test("seed, then link a player, credit units and receive signed webhooks", async ({ request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const creds = await seed(baseURL!, receiver.url);
    expect(creds.baseUrl).toBe(baseURL);
    const headers = { authorization: `Bearer ${creds.game.serverKey}`, "x-game-id": creds.game.gameId };

    const unknown = await request.post("/api/v1/vc/credit", { headers, data: {} });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "ROUTE_NOT_FOUND" });
    expect((await request.get("/api/v1/game")).status()).toBe(401);

    const game = await request.get("/api/v1/game", { headers });
    expect(game.status()).toBe(200);
    expect(await game.json()).toMatchObject({ gameId: creds.game.gameId, environment: "test" });

    const currency = await request.post("/api/v1/vc/currencies", {
      headers: { ...headers, "idempotency-key": randomUUID() },
      data: { code: "GEM", name: "Gems" },
    });
    expect(currency.status()).toBe(201);
    const currencyId = (await currency.json()).currency._id;

    const initiated = await request.post("/api/v1/users/link/initiate", { headers, data: { email: "player@example.com" } });
    expect(initiated.status()).toBe(201);
    const { sessionKey, url } = await initiated.json();
    expect(url).toBe(`${baseURL}/link/${sessionKey}`);
    expect(initiated.headers()["location"]).toBe(url);

    const approved = await request.post(`/api/v1/test-helpers/link-sessions/${sessionKey}/approve`, { headers, data: {} });
    expect(approved.status()).toBe(200);
    const { userRef } = await approved.json();
    expect(userRef).toMatch(/^gmu_test_/);

    const key = randomUUID();
    const creditBody = { currencyId, userRef, amountUnits: "100", orderId: "order-1" };
    const credit = await request.post("/api/v1/vc/credits", { headers: { ...headers, "idempotency-key": key }, data: creditBody });
    expect(credit.status()).toBe(201);
    const result = await credit.json();
    expect(result).toMatchObject({ newBalanceUnits: "100", journalId: expect.any(String) });
    const replay = await request.post("/api/v1/vc/credits", { headers: { ...headers, "idempotency-key": key }, data: creditBody });
    expect(replay.headers()["idempotent-replayed"]).toBe("true");
    expect(await replay.text()).toBe(JSON.stringify(result));

    const balance = await request.get(`/api/v1/vc/balances?currencyId=${currencyId}&userRef=${userRef}`, { headers });
    expect(await balance.json()).toMatchObject({ currencyId, userRef, balanceUnits: "100" });
    const journals = await (await request.get(`/api/v1/vc/journals?currencyId=${currencyId}`, { headers })).json();
    expect(journals.items).toHaveLength(1);
    expect(journals.items[0]).toMatchObject({ _id: result.journalId, type: "credit" });

    // The in-process worker delivers the link events to the receiver, signed with the game's secret.
    await expect
      .poll(() => receiver.hooks.map((h) => h.event).sort(), { timeout: 20_000 })
      .toEqual(["User.Account.Link.Started", "User.Account.Link.Succeeded"]);
    for (const hook of receiver.hooks) {
      expect(hook.signature).toBe(createHmac("sha256", creds.game.webhookSecret).update(hook.raw).digest("hex"));
      expect(hook.data.sessionKey).toBe(sessionKey);
    }
    expect(receiver.hooks.find((h) => h.event === "User.Account.Link.Succeeded")!.data).toMatchObject({
      user_ref: userRef,
      metadata: { idempotencyKey: null },
    });
  } finally {
    receiver.close();
  }
});
