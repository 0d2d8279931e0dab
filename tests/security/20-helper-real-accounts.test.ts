// The test helpers that act as a person (link-session approve, link-invite visit, gift claim, a wallet or VC
// checkout) signed in as any existing account by its email. Attack: game B (whose link a real, signed-up
// player approved) credits test USDC to that player's wallet; game A's approve helper links the same
// account by its email and spends B's USDC. Rule: a helper may create and act as a test player (one a
// helper of the same business created: Player.testBusinessId), never as an account a person signed up for,
// nor another business's test player: 403 NOT_A_TEST_PLAYER, which says to use a fresh email.
// (An email-only account no helper has marked becomes the test player of the first business that uses it.)
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as APPROVE } from "@/app/api/v1/test-helpers/link-sessions/[sessionKey]/approve/route";
import { POST as FUND } from "@/app/api/v1/test-helpers/wallets/fund/route";
import { POST as CREATE_GRANT } from "@/app/api/v1/checkout/grants/route";
import { POST as COMPLETE } from "@/app/api/v1/test-helpers/checkout/complete/route";
import { approveLinkSession } from "@/lib/flows/approve-link-session";
import { getDb } from "@/lib/db/client";
import { linkBusinessUser, makeBusinessTenant } from "@/tests/support/business";
import { makeGame } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { startLinkSession } from "@/tests/support/linking";
import { makePlayer } from "@/tests/support/players";
import { makeProductRow, usdcBalance } from "@/tests/support/purchases";

const fresh = () => `fresh-${randomBytes(5).toString("hex")}@example.com`;
const linksIn = (gameId: string, playerId: string) => getDb().playerLink.count({ where: { namespaceType: "game", namespaceId: gameId, playerId } });

describe("test helpers never act as an account a person signed up for", () => {
  it("the A/B attack: B credits test USDC to a signed-up player's wallet; A's helper can neither link that account nor spend", async () => {
    const person = await makePlayer(); // signed up: a password and a verified email
    const b = await makeGame();
    const a = await makeGame();

    // the person approves game B on the hosted link page (no helper), and B tops up their wallet
    const bSession = await startLinkSession(b.headers, { email: person.email });
    const approved = await approveLinkSession({ db: getDb() }, { sessionKey: bSession, email: person.email });
    const funded = await call(FUND, { headers: b.headers, body: { userRef: approved.userRef, amountUsdc: "50" } });
    expect(funded.status).toBe(200);
    expect(await usdcBalance("wallet", person.id)).toBe(50_000_000n);

    // game A's approve helper, with the person's email prefilled or given
    const aSession = await startLinkSession(a.headers, { email: person.email });
    for (const body of [{}, { email: person.email }]) {
      const res = await call(APPROVE, { headers: a.headers, params: { sessionKey: aSession }, body });
      expect([res.status, res.body.code]).toEqual([403, "NOT_A_TEST_PLAYER"]);
      expect(res.body.error).toMatch(/fresh email/);
    }
    expect(await linksIn(a.game.id, person.id)).toBe(0);
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { sessionKey: aSession } })).state).toBe("pending");

    // nor pay A's checkout from the wallet as that person
    const item = await makeProductRow(a.game.id);
    const grant = await call(CREATE_GRANT, { headers: { ...a.headers, "idempotency-key": fresh() }, body: { itemId: item.id, email: person.email } });
    expect(grant.status).toBe(201);
    const paid = await call(COMPLETE, { headers: a.headers, body: { url: grant.body.checkoutUrl, outcome: "succeeded", method: "wallet" } });
    expect(paid.status).toBe(403);
    expect(await usdcBalance("wallet", person.id)).toBe(50_000_000n);
    expect(await getDb().purchase.count({ where: { gameId: a.game.id, status: "completed" } })).toBe(0);

    // B's own helper cannot act as the person either (they signed up; only the hosted page speaks for them)
    const bAgain = await startLinkSession(b.headers, { email: person.email });
    const own = await call(APPROVE, { headers: b.headers, params: { sessionKey: bAgain }, body: {} });
    expect([own.status, own.body.code]).toEqual([403, "NOT_A_TEST_PLAYER"]);
  });

  it("another business's test player is refused too; the business that made it keeps using it", async () => {
    const b = await makeGame();
    const a = await makeGame();
    const email = fresh();
    const made = await call(APPROVE, { headers: b.headers, params: { sessionKey: await startLinkSession(b.headers, { email }) }, body: {} });
    expect(made.status).toBe(200);
    const player = await getDb().player.findUniqueOrThrow({ where: { email } });
    expect(player.testBusinessId).toBe(b.business.id);
    const taken = await call(APPROVE, { headers: a.headers, params: { sessionKey: await startLinkSession(a.headers, { email }) }, body: {} });
    expect([taken.status, taken.body.code]).toEqual([403, "NOT_A_TEST_PLAYER"]);
    expect(await linksIn(a.game.id, player.id)).toBe(0);
    const again = await call(APPROVE, { headers: b.headers, params: { sessionKey: await startLinkSession(b.headers, { email }) }, body: {} });
    expect([again.status, again.body.userRef]).toEqual([200, made.body.userRef]);
  });

  it("the README's flows with fresh emails still work: a game link, a business-level link, a random test player", async () => {
    const g = await makeGame();
    const email = fresh();
    const linked = await call(APPROVE, { headers: g.headers, params: { sessionKey: await startLinkSession(g.headers, { email }) }, body: {} });
    expect([linked.status, linked.body.status]).toEqual([200, "approved"]);
    expect(linked.body.userRef).toMatch(/^usr_test_|^[a-z]+_test_/);
    const random = await call(APPROVE, { headers: g.headers, params: { sessionKey: await startLinkSession(g.headers) }, body: {} });
    expect(random.status).toBe(200);
    const t = await makeBusinessTenant();
    const { userRef, player } = await linkBusinessUser(t.tb, { email: fresh() });
    expect(userRef).toMatch(/^obu_test_/);
    expect(player.testBusinessId).toBe(t.business.id);
  });
});
