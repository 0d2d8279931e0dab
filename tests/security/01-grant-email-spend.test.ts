// Finding 1 of issue 9, written as the attack, over real HTTP: a game that knows only a player's email
// makes a checkout grant for it (which links the player to that game without the player), then spends
// the player's USDC wallet, which every game and campaign shares, and the VC balance of that link.
// Rule (docs/security.md): only a link the player approved on the hosted link page may spend.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as campaignInitiate } from "@/app/api/v1/campaign/[id]/users/link/initiate/route";
import { POST as campaignEvent } from "@/app/api/v1/campaign/[id]/events/route";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { POST as createProduct } from "@/app/api/v1/product/route";
import { POST as approveSession } from "@/app/api/v1/test-helpers/link-sessions/[sessionKey]/approve/route";
import { POST as linkInitiate } from "@/app/api/v1/users/link/initiate/route";
import { POST as vcBatch } from "@/app/api/v1/vc/batch/route";
import { POST as vcCashout } from "@/app/api/v1/vc/cashouts/route";
import { POST as vcCredit } from "@/app/api/v1/vc/credits/route";
import { POST as vcCurrency } from "@/app/api/v1/vc/currencies/route";
import { POST as vcDebit } from "@/app/api/v1/vc/debits/route";
import { POST as vcPurchase } from "@/app/api/v1/vc/purchases/route";
import { POST as vcPurchaseComplete } from "@/app/api/v1/vc/purchases/[purchaseId]/route";
import { POST as walletBalance } from "@/app/api/v1/wallet/balance/route";
import { POST as walletPurchase } from "@/app/api/v1/wallet/purchase/route";
import { approveAsPerson } from "@/tests/support/linking";
import { getDb } from "@/lib/db/client";
import { makeCampaignWith } from "@/tests/support/campaigns";
import { USDC_ASSET } from "@/lib/ledger/accounts";
import { createPurchase } from "@/lib/purchases/create-purchase";
import { makeGame } from "@/tests/support/fixtures";
import { balanceOf, vcSnapshot } from "@/tests/support/vc";
import { usdcBalance } from "@/tests/support/purchases";
import { serveRoutes } from "@/tests/support/serve-routes";

let server: Awaited<ReturnType<typeof serveRoutes>>;
beforeAll(async () => {
  server = await serveRoutes([
    campaignInitiate,
    campaignEvent,
    createGrant,
    createProduct,
    approveSession,
    linkInitiate,
    vcBatch,
    vcCashout,
    vcCredit,
    vcCurrency,
    vcDebit,
    vcPurchase,
    vcPurchaseComplete,
    walletBalance,
    walletPurchase,
  ]);
});
afterAll(() => server.close());

type Headers = Record<string, string>;
const post = (path: string, headers: Headers, body: unknown) =>
  server.api(path, { method: "POST", headers: { ...headers, "idempotency-key": randomUUID() }, body });

/** Business A's campaign pays the player `usdc` into their wallet; the player approved the campaign. */
const campaignPays = async (email: string, usdc: number) => {
  const c = await makeCampaignWith({ fundMicros: 1_000_000_000n, status: "started" });
  const { sessionKey } = (await post(`/v1/campaign/${c.campaign.id}/users/link/initiate`, c.headers, { email })).body;
  const approved = await post(`/v1/test-helpers/link-sessions/${sessionKey}/approve`, c.headers, { email });
  expect(approved.status).toBe(200);
  const paid = await post(`/v1/campaign/${c.campaign.id}/events`, c.headers, { userRef: approved.body.userRef, payoutAmount: usdc });
  expect(paid.status, paid.text).toBe(202);
  const player = await getDb().player.findUniqueOrThrow({ where: { email } });
  expect(await usdcBalance("wallet", player.id)).toBe(BigInt(usdc) * 1_000_000n);
  return player;
};

/** Business B's game, with its own $50 item, then a checkout grant for the victim's email: the attack's first step. */
const attackerGrant = async (email: string) => {
  const b = await makeGame();
  const item = await post("/v1/product", b.headers, { name: "Attacker's item", type: "purchase", fulfillmentType: "WEBHOOK", price: 5000 });
  expect(item.status, item.text).toBe(201);
  const grant = await post("/v1/checkout/grants", b.headers, { itemId: item.body._id, email });
  expect(grant.status, grant.text).toBe(201);
  return { ...b, itemId: item.body._id as string, userRef: grant.body.userRef as string };
};

const usdcJournals = () => getDb().ledgerJournal.count({ where: { asset: USDC_ASSET } });

describe("finding 1: a game that knows only the player's email cannot spend the player's money", () => {
  it("wallet: business B's grant-made link gets 403 LINK_NOT_APPROVED and the 80 USDC stay; after the player approves, the same purchase works", async () => {
    const email = `victim-${randomUUID().slice(0, 8)}@example.com`;
    const victim = await campaignPays(email, 80);
    const b = await attackerGrant(email);
    const journalsBefore = await usdcJournals();

    const stolen = await post("/v1/wallet/purchase", b.headers, { userId: b.userRef, itemId: b.itemId });
    expect(stolen.status).toBe(403);
    expect(stolen.body).toMatchObject({ code: "LINK_NOT_APPROVED" });
    expect(stolen.body.error).toContain("has not approved this game to spend from their wallet");
    expect(stolen.body.error).toContain("POST /v1/users/link/initiate");
    expect(await usdcBalance("wallet", victim.id)).toBe(80_000_000n);
    expect(await usdcJournals()).toBe(journalsBefore);
    expect(await getDb().purchase.count({ where: { gameId: b.game.id } })).toBe(0);
    // the grant's link is there, unapproved: it identifies the player, nothing more
    expect(await getDb().playerLink.findUniqueOrThrow({ where: { userRef: b.userRef } })).toMatchObject({
      playerId: victim.id,
      approvedAt: null,
      approvalScopes: [],
    });
    // the balance is not shown either
    const peek = await post("/v1/wallet/balance", b.headers, { userId: b.userRef });
    expect([peek.status, peek.body.code, peek.body.balance]).toEqual([403, "LINK_NOT_APPROVED", undefined]);

    // the player approves game B on the hosted link page, signed in: same userRef
    const { sessionKey } = (await post("/v1/users/link/initiate", b.headers, { email })).body;
    const approved = await approveAsPerson(sessionKey, email);
    expect(approved.userRef).toBe(b.userRef);
    const bought = await post("/v1/wallet/purchase", b.headers, { userId: b.userRef, itemId: b.itemId });
    expect(bought.status, bought.text).toBe(200);
    expect(await usdcBalance("wallet", victim.id)).toBe(30_000_000n);
    expect(await getDb().purchase.findUniqueOrThrow({ where: { id: bought.body.data.purchaseId } })).toMatchObject({
      status: "completed",
      playerId: victim.id,
      amount: 50_000_000n,
    });
  });

  it("virtual currency: debit, batch, purchase and cashout from a grant-made link are 403 and the units stay; approved, the debit works", async () => {
    const email = `vc-victim-${randomUUID().slice(0, 8)}@example.com`;
    const b = await attackerGrant(email);
    const currencyId = (await post("/v1/vc/currencies", b.headers, { code: "GEM", name: "Gems" })).body.currency._id as string;
    // receiving needs no approval: the game credits the grant's link
    const credited = await post("/v1/vc/credits", b.headers, { currencyId, userRef: b.userRef, amountUnits: "100", orderId: "order-1" });
    expect(credited.status, credited.text).toBe(201);
    const other = (await post("/v1/checkout/grants", b.headers, { itemId: b.itemId, email: `other-${randomUUID().slice(0, 8)}@example.com` })).body
      .userRef as string;
    const vcItem = await post("/v1/product", b.headers, {
      name: "Gem item",
      type: "purchase",
      fulfillmentType: "WEBHOOK",
      virtualCurrencyPrices: [{ currencyId, amount: 40 }],
    });
    expect(vcItem.status, vcItem.text).toBe(201);
    const before = await vcSnapshot(currencyId);

    const attempts = {
      debit: await post("/v1/vc/debits", b.headers, { currencyId, userRef: b.userRef, amountUnits: "60", reason: "taken" }),
      batch: await post("/v1/vc/batch", b.headers, { currencyId, sourceUserRef: b.userRef, recipients: [{ userRef: other, amountUnits: "60" }] }),
      purchase: await post("/v1/vc/purchases", b.headers, { userId: b.userRef, itemId: vcItem.body._id, currencyId }),
      cashout: await post("/v1/vc/cashouts", b.headers, { currencyId, userRef: b.userRef, units: "60" }),
    };
    for (const [name, res] of Object.entries(attempts)) {
      expect([name, res.status, res.body.code]).toEqual([name, 403, "LINK_NOT_APPROVED"]);
      expect(res.body.error).toContain("to spend their virtual currency");
    }
    expect(await vcSnapshot(currencyId)).toEqual(before);
    expect(await balanceOf(currencyId, b.userRef)).toBe(100n);
    expect(await getDb().purchase.count({ where: { gameId: b.game.id } })).toBe(0);

    // a VC purchase left pending on that link (e.g. started before consent existed) cannot be completed either
    const pending = await createPurchase(
      { db: getDb() },
      {
        gameId: b.game.id,
        environment: "test",
        productId: vcItem.body._id,
        userRef: b.userRef,
        method: "vc",
        currencyId,
      },
    );
    const complete = await post(`/v1/vc/purchases/${pending.id}`, b.headers, {});
    expect([complete.status, complete.body.code]).toEqual([403, "LINK_NOT_APPROVED"]);
    expect(await getDb().purchase.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ status: "pending", journalId: null });
    expect(await balanceOf(currencyId, b.userRef)).toBe(100n);

    const { sessionKey } = (await post("/v1/users/link/initiate", b.headers, { email })).body;
    await post(`/v1/test-helpers/link-sessions/${sessionKey}/approve`, b.headers, { email });
    const debit = await post("/v1/vc/debits", b.headers, { currencyId, userRef: b.userRef, amountUnits: "60", reason: "the player's own purchase" });
    expect(debit.status, debit.text).toBe(201);
    const paid = await post(`/v1/vc/purchases/${pending.id}`, b.headers, {});
    expect(paid.status, paid.text).toBe(200);
    expect(await balanceOf(currencyId, b.userRef)).toBe(0n);
  });
});
