// The portal's test helpers against PostgreSQL, as its page and server actions call them: approve a link
// session (a game's, a campaign's), complete a checkout and fund a wallet through the same services as the
// /v1/test-helpers routes (same state changes, webhooks and ledger entries), each with an audit entry. Live
// objects and the page in live mode are refused with a clear message; a role without testhelpers:use gets
// 403, a stranger 404, nobody signed in 401; nothing changes.
import { describe, expect, it } from "vitest";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { getDb } from "@/lib/db/client";
import { createGame } from "@/lib/games/create-game";
import { initiateLinkSession } from "@/lib/linking/initiate-link-session";
import { linkScopeOf } from "@/lib/linking/link-scope";
import { issueApiKey } from "@/lib/tenants/issue-api-key";
import { makeGame, linkUser } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { startLinkSession } from "@/tests/support/linking";
import { makeCampaignIn } from "@/tests/support/platform";
import { as, makePortalMembers } from "@/tests/support/portal";
import { makeProductRow, usdcBalance } from "@/tests/support/purchases";
import { idem } from "@/tests/support/vc";
import { campaignContextFor } from "@/tests/support/contexts";
import { approvePortalLinkSession } from "./helper-approve-link-session";
import { completePortalCheckout } from "./helper-complete-checkout";
import { fundPortalWallet } from "./helper-fund-wallet";
import { TEST_ONLY_MESSAGE } from "./helper-test-mode";
import { loadPortalHelpers } from "./load-portal-helpers";
import { approveBusinessForLive } from "@/tests/support/activation";

const db = getDb();

const tenant = async () => {
  const g = await makeGame();
  const other = await makeGame();
  await approveBusinessForLive(g.business.id); // the test is about something else: a live business is an approved one
  const live = await createGame({ db }, { businessId: g.business.id, environment: "live", name: "Live game" });
  const liveKey = await issueApiKey({ db }, { kind: "server", environment: "live", gameId: live.id });
  return {
    ...g,
    other,
    live,
    liveHeaders: { authorization: `Bearer ${liveKey.rawKey}`, "x-game-id": live.id },
    ...(await makePortalMembers(g.business.id, other.business.id)),
  };
};

const grantUrl = async (headers: Record<string, string>, itemId: string, email = "buyer@example.com") => {
  const res = await call(createGrant, { headers: idem(headers), body: { itemId, email } });
  expect(res.status, res.text).toBe(201);
  return res.body.checkoutUrl as string;
};

const sessionState = async (sessionKey: string) => (await db.linkSession.findUniqueOrThrow({ where: { sessionKey } })).state;
const auditActions = async (businessId: string) =>
  (await db.auditEntry.findMany({ where: { businessId }, orderBy: { createdAt: "asc" } })).map((a) => a.action);

describe("the test helpers page", () => {
  it("lists the pending link sessions and checkouts of the business's test games; refuses live mode with its message", async () => {
    const t = await tenant();
    const sessionKey = await startLinkSession(t.headers, { email: "pending@example.com" });
    await startLinkSession(t.other.headers, { email: "theirs@example.com" });
    await startLinkSession(t.liveHeaders, { email: "live@example.com" });
    const item = await makeProductRow(t.game.id, { name: "Gem pack" });
    const url = await grantUrl(t.headers, item.id);

    const page = await loadPortalHelpers(as(t.developer), { businessId: t.business.id, environment: "test" });
    expect(page.games).toEqual([{ id: t.game.id, name: t.game.name }]);
    expect(page.sessions).toEqual([expect.objectContaining({ sessionKey, namespace: `game ${t.game.name}`, prefilledEmail: "pending@example.com" })]);
    expect(page.grants).toEqual([expect.objectContaining({ url, item: "Gem pack", game: t.game.name, email: "buyer@example.com" })]);

    await expect(loadPortalHelpers(as(t.developer), { businessId: t.business.id, environment: "live" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: TEST_ONLY_MESSAGE,
    });
    for (const who of [t.finance, t.viewer])
      await expect(loadPortalHelpers(as(who), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject({
        code: "PORTAL_ROLE_REQUIRED",
        status: 403,
      });
    await expect(loadPortalHelpers(as(t.stranger), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
      status: 404,
    });
    await expect(loadPortalHelpers(as(null), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject({
      code: "ADMIN_SIGN_IN_REQUIRED",
      status: 401,
    });
  });
});

describe("approve a link session", () => {
  it("approves a game's and a campaign's session as the API helper does: the player linked, the webhook written, an audit entry", async () => {
    const t = await tenant();
    const sessionKey = await startLinkSession(t.headers, { email: "Player.One@example.com" });
    const approved = await approvePortalLinkSession(as(t.developer), { businessId: t.business.id, sessionKey: ` ${sessionKey} `, email: "", name: "" });
    expect(approved).toMatchObject({ sessionKey, state: "approved", namespaceType: "game", gameId: t.game.id, userRef: expect.any(String) });
    const link = await db.playerLink.findUniqueOrThrow({ where: { userRef: approved.userRef! }, include: { player: true } });
    expect(link).toMatchObject({ namespaceType: "game", namespaceId: t.game.id, environment: "test", status: "active" });
    expect(link.player.email).toBe("player.one@example.com");
    const session = await db.linkSession.findUniqueOrThrow({ where: { sessionKey } });
    expect(
      await db.webhookEvent.findMany({ where: { objectType: "link_session", objectId: session.id }, select: { event: true }, orderBy: { sequence: "asc" } }),
    ).toEqual([{ event: "User.Account.Link.Started" }, { event: "User.Account.Link.Succeeded" }]);

    // a campaign of the business: its own scope (as its campaign key), a named account
    const campaign = await makeCampaignIn(t.business.id);
    const cctx = campaignContextFor(campaign, { db });
    const { session: cs } = await initiateLinkSession(cctx, { scope: linkScopeOf(cctx) });
    const viaCampaign = await approvePortalLinkSession(as(t.developer), {
      businessId: t.business.id,
      sessionKey: cs.sessionKey,
      email: "camper@example.com",
      name: "Camper",
    });
    expect(viaCampaign).toMatchObject({ state: "approved", namespaceType: "campaign", campaignId: campaign.id });
    expect(await db.playerLink.count({ where: { namespaceType: "campaign", namespaceId: campaign.id, status: "active" } })).toBe(1);

    // approving again: the API's 409, nothing more recorded
    await expect(approvePortalLinkSession(as(t.developer), { businessId: t.business.id, sessionKey, email: "", name: "" })).rejects.toMatchObject({
      status: 409,
    });
    expect(await auditActions(t.business.id)).toEqual(["test_helper.link_session_approved", "test_helper.link_session_approved"]);
  });

  it("refuses a live session with its message, another business's session (404), roles without the helper (403), strangers and the signed out", async () => {
    const t = await tenant();
    const mine = await startLinkSession(t.headers, { email: "a@example.com" });
    const live = await startLinkSession(t.liveHeaders, { email: "b@example.com" });
    const theirs = await startLinkSession(t.other.headers, { email: "c@example.com" });
    const input = { businessId: t.business.id, sessionKey: mine, email: "", name: "" };

    await expect(approvePortalLinkSession(as(t.developer), { ...input, sessionKey: live })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: TEST_ONLY_MESSAGE,
    });
    await expect(approvePortalLinkSession(as(t.developer), { ...input, sessionKey: theirs })).rejects.toMatchObject({
      code: "LINK_SESSION_NOT_FOUND",
      status: 404,
    });
    await expect(approvePortalLinkSession(as(t.developer), { ...input, sessionKey: "lks_nope" })).rejects.toMatchObject({
      code: "LINK_SESSION_NOT_FOUND",
      status: 404,
    });
    for (const who of [t.finance, t.viewer])
      await expect(approvePortalLinkSession(as(who), input)).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(approvePortalLinkSession(as(t.stranger), input)).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(approvePortalLinkSession(as(null), input)).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    await expect(approvePortalLinkSession(as(t.developer), { ...input, email: "not-an-email" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      status: 400,
    });

    expect([await sessionState(mine), await sessionState(live), await sessionState(theirs)]).toEqual(["pending", "pending", "pending"]);
    expect(await auditActions(t.business.id)).toEqual([]);
  });
});

describe("complete a checkout", () => {
  it("pays a grant with the sandbox card as the API helper does (purchase completed, webhook), or declines it; refusals change nothing", async () => {
    const t = await tenant();
    const item = await makeProductRow(t.game.id, { name: "Gem pack", priceCents: 999 });
    const url = await grantUrl(t.headers, item.id);
    const input = { businessId: t.business.id, url, outcome: "succeeded", method: "", email: "" };

    for (const who of [t.finance, t.viewer])
      await expect(completePortalCheckout(as(who), input)).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(completePortalCheckout(as(t.stranger), input)).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(completePortalCheckout(as(null), input)).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    await expect(completePortalCheckout(as(t.developer), { ...input, outcome: "maybe" })).rejects.toMatchObject({ code: "VALIDATION_ERROR", status: 400 });
    // another business's checkout, seen from this business: 404
    const theirItem = await makeProductRow(t.other.game.id);
    const theirs = await grantUrl(t.other.headers, theirItem.id);
    await expect(completePortalCheckout(as(t.developer), { ...input, url: theirs })).rejects.toMatchObject({ code: "CHECKOUT_NOT_FOUND", status: 404 });
    // a live checkout: refused with the message
    const liveItem = await db.product.create({
      data: { id: `prd_live_${Date.now()}`, gameId: t.live.id, environment: "live", type: "purchase", name: "Live", priceCents: 100 },
    });
    const liveUrl = await grantUrl(t.liveHeaders, liveItem.id);
    await expect(completePortalCheckout(as(t.developer), { ...input, url: liveUrl })).rejects.toMatchObject({ code: "NOT_FOUND", message: TEST_ONLY_MESSAGE });
    expect(await db.purchase.count({ where: { gameId: { in: [t.game.id, t.other.game.id, t.live.id] } } })).toBe(0);
    expect(await auditActions(t.business.id)).toEqual([]);

    const paid = await completePortalCheckout(as(t.developer), input);
    expect(paid.grant).toMatchObject({ status: "completed" });
    expect(paid.purchase).toMatchObject({ status: "completed", isPaid: true, priceInCents: 999, gameId: t.game.id });
    expect(paid.message).toBeNull();
    expect(await db.webhookEvent.count({ where: { objectId: paid.purchase!._id, event: "Purchases.Completed" } })).toBe(1);

    const url2 = await grantUrl(t.headers, item.id, "decliner@example.com");
    const declined = await completePortalCheckout(as(t.developer), { ...input, url: url2, outcome: "declined", method: "card" });
    expect(declined.purchase).toMatchObject({ status: "failed", isPaid: false });
    expect(declined.message).toEqual(expect.any(String));

    const audit = await db.auditEntry.findMany({ where: { businessId: t.business.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.actorId, a.objectType, a.objectId])).toEqual([
      ["test_helper.checkout_succeeded", t.developer.email, "purchase", paid.purchase!._id],
      ["test_helper.checkout_declined", t.developer.email, "purchase", declined.purchase!._id],
    ]);
  });
});

describe("fund a wallet", () => {
  it("adds test USDC from the test mint as the API helper does; refuses live games, bad amounts, roles, strangers and the signed out", async () => {
    const t = await tenant();
    const userRef = await linkUser(t.game.id);
    const link = await db.playerLink.findUniqueOrThrow({ where: { userRef } });
    const input = { businessId: t.business.id, gameId: t.game.id, userRef, amountUsdc: "25.5" };

    for (const who of [t.finance, t.viewer])
      await expect(fundPortalWallet(as(who), input)).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(fundPortalWallet(as(t.stranger), input)).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(fundPortalWallet(as(null), input)).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    await expect(fundPortalWallet(as(t.developer), { ...input, gameId: t.other.game.id })).rejects.toMatchObject({ code: "GAME_NOT_FOUND", status: 404 });
    await expect(fundPortalWallet(as(t.developer), { ...input, gameId: t.live.id })).rejects.toMatchObject({ code: "NOT_FOUND", message: TEST_ONLY_MESSAGE });
    await expect(fundPortalWallet(as(t.developer), { ...input, amountUsdc: "-3" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [expect.objectContaining({ field: "amountUsdc" })],
    });
    expect(await usdcBalance("wallet", link.playerId)).toBe(0n);
    expect(await auditActions(t.business.id)).toEqual([]);

    expect(await fundPortalWallet(as(t.developer), input)).toMatchObject({ userRef, balance: "25.50" });
    expect(await fundPortalWallet(as(t.developer), { ...input, amountUsdc: "0.25" })).toMatchObject({ balance: "25.75" });
    expect(await usdcBalance("wallet", link.playerId)).toBe(25_750_000n);
    const audit = await db.auditEntry.findMany({ where: { businessId: t.business.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.objectId, a.details])).toEqual([
      ["test_helper.wallet_funded", userRef, { gameId: t.game.id, amountUsdc: "25.5", balance: "25.50" }],
      ["test_helper.wallet_funded", userRef, { gameId: t.game.id, amountUsdc: "0.25", balance: "25.75" }],
    ]);
  });
});
