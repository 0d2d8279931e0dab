import { describe, expect, it } from "vitest";
import { POST } from "./route";
import { POST as manage } from "../manage/route";
import { call } from "@/tests/support/http";
import { makeCampaign } from "@/tests/support/fixtures";
import { idem } from "@/tests/support/vc";
import { fundWallet, makeStore } from "@/tests/support/purchases";
import { custodyAddress } from "@/lib/ledger/address";
import { getDb } from "@/lib/db/client";
import { loadWalletPage, OTHER_ACTIVITY } from "@/lib/wallet/load-wallet-page";
import { findOrCreatePlayer, linkPlayer } from "@/lib/linking/link-player";

/** A link made from an email alone, as a checkout grant makes it: no approval from the player. */
const unapprovedLink = async (gameId: string, email: string) => {
  const player = await findOrCreatePlayer({ db: getDb() }, { email });
  return (await linkPlayer({ db: getDb() }, { namespace: { type: "game", id: gameId }, environment: "test", playerId: player.id })).userRef;
};

describe("POST /v1/wallet/balance", () => {
  it("returns the custody address and the USDC balance as a decimal string", async () => {
    const s = await makeStore();
    const empty = await call(POST, { headers: idem(s.headers), body: { userId: s.users[0] } });
    expect(empty.body).toEqual({ address: custodyAddress("wallet", s.playerIds[0], "test"), balance: "0.00" });
    await fundWallet(s.playerIds[0], 12_500_000n);
    await fundWallet(s.playerIds[0], 1n);
    expect((await call(POST, { headers: idem(s.headers), body: { userId: s.users[0] } })).body.balance).toBe("12.500001");
  });

  it("401, 400 (no key, bad body), 404 for another game's user", async () => {
    const s = await makeStore();
    const other = await makeStore();
    expect((await call(POST, { body: { userId: s.users[0] } })).status).toBe(401);
    expect((await call(POST, { headers: idem((await makeCampaign()).headers), body: { userId: s.users[0] } })).status).toBe(401);
    expect((await call(POST, { headers: s.headers, body: { userId: s.users[0] } })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const bad = await call(POST, { headers: idem(s.headers), body: {} });
    expect([bad.status, bad.body.details[0].field]).toEqual([400, "userId"]);
    const foreign = await call(POST, { headers: idem(s.headers), body: { userId: other.users[0] } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
  });

  it("403 LINK_NOT_APPROVED, with no address or balance, for a link the player has not approved", async () => {
    const s = await makeStore();
    const email = (await getDb().player.findUniqueOrThrow({ where: { id: s.playerIds[0] } })).email;
    await fundWallet(s.playerIds[0], 9_000_000n);
    const other = await makeStore();
    const userId = await unapprovedLink(other.game.id, email);
    const res = await call(POST, { headers: idem(other.headers), body: { userId } });
    expect([res.status, res.body.code]).toEqual([403, "LINK_NOT_APPROVED"]);
    expect(res.body.error).toContain("POST /v1/users/link/initiate");
    expect(res.text).not.toContain("9.00");
    expect(res.text).not.toContain(custodyAddress("wallet", s.playerIds[0], "test"));
  });
});

describe("POST /v1/wallet/manage", () => {
  it("returns a signed link whose page shows the address, balance and history; tampered or expired links do not", async () => {
    const s = await makeStore();
    await fundWallet(s.playerIds[0], 3_000_000n);
    const res = await call(manage, { headers: idem(s.headers), body: { userId: s.users[0] } });
    expect(res.status).toBe(200);
    expect(res.body.linkUrl).toMatch(/^http:\/\/localhost:3000\/wallet\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const token = res.body.linkUrl.split("/wallet/")[1];
    const page = await loadWalletPage({ db: getDb() }, { token });
    expect(page).toEqual({
      ok: true,
      gameName: s.game.name,
      gameImageUrl: "",
      environment: "test",
      address: custodyAddress("wallet", s.playerIds[0], "test"),
      network: "coinop-ledger",
      balance: "3.00",
      expiresAt: expect.any(String),
      // minted by the test kit, not by this game: shown with a neutral description
      history: [{ id: expect.any(String), at: expect.any(String), description: OTHER_ACTIVITY, amount: "3.00", direction: "in" }],
    });
    expect(new Date((page as { expiresAt: string }).expiresAt).getTime() - Date.now()).toBeGreaterThan(3500_000);
    expect(await loadWalletPage({ db: getDb() }, { token, now: Date.now() + 3601_000 })).toEqual({ ok: false, reason: "expired" });
    expect(await loadWalletPage({ db: getDb() }, { token: token.slice(0, -2) + "xx" })).toEqual({ ok: false, reason: "invalid" });
    expect(await loadWalletPage({ db: getDb() }, { token: "garbage" })).toEqual({ ok: false, reason: "invalid" });
    const other = await makeStore();
    const foreign = await call(manage, { headers: idem(other.headers), body: { userId: s.users[0] } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "USER_REF_NOT_FOUND"]);
    expect((await call(manage, { body: { userId: s.users[0] } })).status).toBe(401);
    expect((await call(manage, { headers: idem(s.headers), body: { userId: 1 } })).body.details[0].field).toBe("userId");
  });

  it("403 LINK_NOT_APPROVED for a link the player has not approved: no wallet link is made", async () => {
    const s = await makeStore();
    const userId = await unapprovedLink(s.game.id, "grant-only@example.com");
    const res = await call(manage, { headers: idem(s.headers), body: { userId } });
    expect([res.status, res.body.code]).toEqual([403, "LINK_NOT_APPROVED"]);
    expect(res.body.linkUrl).toBeUndefined();
  });
});
