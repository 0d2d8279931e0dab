// npm run listen end to end: the API served over real HTTP (the web process's /api/v1 dispatch, in process), the
// listener as a child process (node --import tsx scripts/listen.ts) and as its exported function, a real local
// receiver, a real event of the game (a player's link removed), with loopback webhook URLs refused by the server
// (WEBHOOK_ALLOW_LOOPBACK=0, as `npm start` runs): the receiver gets the delivery signed with the game's
// secret, and its answer is recorded as the delivery's attempt. This file writes process.env (vitest isolates it).
process.env.WEBHOOK_ALLOW_LOOPBACK = "0";
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as listenRoute } from "@/app/api/v1/webhooks/listen/route";
import { POST as attemptsRoute } from "@/app/api/v1/webhooks/listen/attempts/route";
import { getDb } from "@/lib/db/client";
import { verifySignature, verifyTimestampedSignature } from "@/lib/webhooks/sign";
import { freePort } from "@/tests/support/net";
import { serveRoutes } from "@/tests/support/serve-routes";
import { gameContextFor } from "@/tests/support/contexts";
import { linkUser, makeGame } from "@/tests/support/fixtures";
import { linkScopeOf } from "@/lib/linking/link-scope";
import { removeLink } from "@/lib/linking/remove-link";
import { LINK_EVENTS } from "@/lib/linking/link-session-states";
import { startReceiver, type Receiver } from "@/tests/support/webhook-receiver";
import { listen, ListenFatal } from "./listen.ts";

let server: Awaited<ReturnType<typeof serveRoutes>>;
const origin = () => server.base.replace(/\/api$/, "");

const until = async <T>(read: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** A game with a linked player; `trigger()` removes a link (a real User.Account.Link.Removed event of the game) and returns the event. */
const gameWithEvents = async () => {
  const g = await makeGame();
  const trigger = async () => {
    const userRef = await linkUser(g.game.id);
    await removeLink(gameContextFor(g.game), { scope: linkScopeOf(gameContextFor(g.game)), userRef });
    return getDb().webhookEvent.findFirstOrThrow({
      where: { ownerType: "game", ownerId: g.game.id, event: LINK_EVENTS.removed },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    });
  };
  return { ...g, trigger };
};

const listenerOf = async (eventId: string) =>
  getDb().webhookDelivery.findFirst({ where: { eventId, url: { startsWith: "listen://" } }, include: { attemptLog: true } });

beforeAll(async () => {
  server = await serveRoutes([listenRoute, attemptsRoute]);
});
afterAll(async () => server.close());

describe("npm run listen", () => {
  let receiver: Receiver;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    receiver = await startReceiver({ respond: () => ({ status: 200, body: "thanks" }) });
  });
  afterAll(async () => {
    child?.kill("SIGINT");
    await receiver.close();
  });

  it("as a child process: a real event (a link removed) reaches the local receiver signed with the game's secret, and the 200 is the delivery's attempt", async () => {
    const g = await gameWithEvents();
    const lines: string[] = [];
    child = spawn(process.execPath, ["--import", "tsx", "scripts/listen.ts", "--forward-to", receiver.url, "--base-url", origin(), "--game-id", g.game.id], {
      env: { ...process.env, COINOP_API_KEY: g.serverKey },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (b: Buffer) => lines.push(...b.toString().split("\n").filter(Boolean)));
    child.stderr!.on("data", (b: Buffer) => lines.push(...b.toString().split("\n").filter(Boolean)));
    await until(() => lines.some((l) => l.startsWith("Ready!")), 30_000);

    const event = await g.trigger();
    const got = await until(() => receiver.forEvent(event.id)[0]);

    // the original body and headers, signed as a delivery to the endpoint is
    expect(got.rawBody).toBe(event.payload);
    expect(got.headers["x-service-event"]).toBe(event.event);
    expect(got.headers["x-service-sequence"]).toBe(String(event.sequence));
    expect(got.headers["x-service-attempt"]).toBe("1");
    expect(got.headers["user-agent"]).toBe("Coinop-Webhooks/1");
    const game = await getDb().game.findUniqueOrThrow({ where: { id: g.game.id } });
    expect(verifySignature(got.rawBody, game.webhookSecret!, got.headers["x-service-signature"] as string)).toBe(true);
    expect(verifySignature(got.rawBody, "whsec_wrong", got.headers["x-service-signature"] as string)).toBe(false);
    // the timestamped signature (the replay guard) is forwarded as signed, and is fresh
    expect(verifyTimestampedSignature(got.rawBody, game.webhookSecret!, got.headers["x-service-timestamped-signature"] as string)).toBe(true);

    // the local answer recorded as the delivery's attempt (the delivery log's tables)
    const delivery = await until(async () => {
      const d = await listenerOf(event.id);
      return d?.status === "succeeded" ? d : null;
    });
    expect(delivery.id).toBe(got.headers["x-service-delivery-id"]);
    expect(delivery.deliveredAt).not.toBeNull();
    expect(delivery.attemptLog).toHaveLength(1);
    expect(delivery.attemptLog[0]).toMatchObject({ attempt: 1, statusCode: 200, responseExcerpt: "thanks", error: null });
    expect(JSON.parse(delivery.attemptLog[0].requestHeaders!)["x-service-signature"]).toBe(got.headers["x-service-signature"]);
    // the printed line: event name, id, local status
    await until(() => lines.some((l) => l.includes(event.event) && l.includes(event.id) && l.includes("<-- 200")));

    // Ctrl-C: a clean exit
    const exited = new Promise<number | null>((r) => child!.once("exit", (code) => r(code)));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    child = undefined;
  }, 60_000);

  it("a receiver answering 500 or refusing the connection: a failed attempt with its status or reason, no retry", async () => {
    const g = await gameWithEvents();
    const failing = await startReceiver({ respond: () => ({ status: 500, body: "boom" }) });
    const controller = new AbortController();
    const lines: string[] = [];
    const running = listen({
      forwardTo: failing.url,
      apiKey: g.serverKey,
      baseUrl: origin(),
      gameId: g.game.id,
      waitSeconds: 1,
      log: (l) => lines.push(l),
      signal: controller.signal,
    });
    try {
      await until(() => lines.some((l) => l.startsWith("Ready!")));
      const event = await g.trigger();
      const d = await until(async () => {
        const x = await listenerOf(event.id);
        return x?.attemptLog[0]?.statusCode ? x : null;
      });
      expect(d.status).toBe("failed");
      expect(d.nextAttemptAt).toBeNull();
      expect(d.attemptLog[0]).toMatchObject({ statusCode: 500, responseExcerpt: "boom", error: "the local receiver answered 500" });

      // the local URL refusing: the attempt says so
      await failing.close();
      const next = await g.trigger();
      const second = await until(async () => {
        const x = await listenerOf(next.id);
        return x?.attemptLog[0]?.error?.startsWith("connection refused") ? x : null;
      });
      expect(second.status).toBe("failed");
      expect(second.attemptLog[0].statusCode).toBeNull();
      expect(lines.some((l) => l.includes("failed: connection refused"))).toBe(true);
    } finally {
      controller.abort();
      await running;
    }
  }, 60_000);

  it("clear errors: a live key, a bad key, a server that is not there", async () => {
    const base = { forwardTo: receiver.url, baseUrl: origin(), gameId: "g", log: () => undefined };
    await expect(listen({ ...base, apiKey: "service_server_live_" + "0".repeat(48) })).rejects.toThrow(/test key/);
    await expect(listen({ ...base, apiKey: "nope" })).rejects.toThrow(ListenFatal);
    await expect(listen({ ...base, apiKey: "service_server_test_" + "0".repeat(48) })).rejects.toThrow(/refused \(401/);
    // unreachable: it says so and keeps trying until stopped
    const controller = new AbortController();
    const lines: string[] = [];
    const running = listen({
      ...base,
      apiKey: "service_server_test_" + "0".repeat(48),
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      log: (l) => lines.push(l),
      signal: controller.signal,
    });
    await until(() => lines.some((l) => l.includes("unreachable") && l.includes("reconnecting in 1 s")));
    controller.abort();
    await running;
  }, 30_000);
});
