import type { Purchase } from "../db/generated/client.ts";
import { Prisma } from "../db/generated/client.ts";
import { vcAsset, vcPool, vcUser } from "../ledger/accounts.ts";
import { transfer } from "../ledger/transfer.ts";
import { vcScope } from "../vc/vc-scope.ts";
import { cancelSubscription } from "../subscriptions/cancel-subscription.ts";
import { canCancel } from "../subscriptions/subscription-states.ts";
import type { DbContext } from "../core/context.ts";

/** What a refund or a dispute took back from the player (Refund.clawback, Dispute.clawback, Purchases.Refunded). */
export type Clawback = {
  /** the units the purchase granted that this refund takes back: recovered from the balance, the rest unrecovered */
  virtualCurrency?: { currencyId: string; units: string; recovered: string; unrecovered: string; journalId: string | null };
  keyRevoked?: boolean;
  subscriptionEnded?: boolean;
};

/** The units the purchase's grant journal gave the player (0 when it granted none). */
const grantedUnits = async (ctx: DbContext, p: Purchase): Promise<{ currencyId: string; units: bigint } | null> => {
  const journal = await ctx.db.ledgerJournal.findFirst({
    where: { type: "purchase_grant", reference: p.id, environment: p.environment },
    include: { postings: { include: { account: { select: { kind: true } } } } },
  });
  if (!journal) return null;
  const units = journal.postings.find((x) => x.account.kind === "user")?.delta ?? 0n;
  return units > 0n ? { currencyId: journal.asset.slice("vc:".length), units } : null;
};

/** The share of `total` that `paid` units of `whole` stand for, rounded down (cumulative, so partial refunds sum exactly). */
const shareOf = (total: bigint, paid: bigint, whole: bigint): bigint => (whole === 0n ? total : (total * paid) / whole);

/**
 * Takes back what a purchase delivered, in the caller's transaction, for the part of the payment between `from` and
 * `to` (what had been refunded before and after this refund, out of purchase.amount):
 * - virtual currency it granted: that share of the units goes from the player back to the currency's pool, down to a
 *   balance of zero and no further; what could not be recovered is recorded (unrecovered), never a negative balance.
 *   The player's balance row is locked first, so a concurrent spend cannot slip between the read and the debit.
 * - a delivered key is marked revoked, and a subscription ends (`endSubscription`: Subscription.Canceled, reason
 *   refunded), once the payment is given back in full (`to` reaches the amount).
 */
export const clawBackPurchase = async (
  ctx: DbContext,
  { purchase: p, from, to, reference, endSubscription = true }: { purchase: Purchase; from: bigint; to: bigint; reference: string; endSubscription?: boolean },
): Promise<Clawback> => {
  const out: Clawback = {};
  const grant = p.userRef ? await grantedUnits(ctx, p) : null;
  if (grant) {
    const units = shareOf(grant.units, to, p.amount) - shareOf(grant.units, from, p.amount);
    const [row] = await ctx.db.$queryRaw<{ balance: bigint }[]>(Prisma.sql`
      SELECT balance FROM "LedgerAccount"
      WHERE asset = ${vcAsset(grant.currencyId)} AND environment = ${p.environment}::"Environment" AND kind = 'user' AND "ownerRef" = ${p.userRef}
      FOR UPDATE`);
    const balance = row?.balance ?? 0n;
    const recovered = units < balance ? units : balance;
    let journalId: string | null = null;
    if (recovered > 0n) {
      const posted = await transfer(ctx.db, {
        ...vcScope({ gameId: p.gameId, environment: p.environment, currencyId: grant.currencyId }),
        type: "purchase_clawback",
        reference,
        metadata: { purchaseId: p.id, unrecovered: (units - recovered).toString() },
        from: vcUser(p.userRef!, p.environment),
        to: vcPool(grant.currencyId, p.environment),
        amount: recovered,
        description: `Clawback of purchase ${p.id}`,
      });
      journalId = posted.journalId;
    }
    out.virtualCurrency = {
      currencyId: grant.currencyId,
      units: units.toString(),
      recovered: recovered.toString(),
      unrecovered: (units - recovered).toString(),
      journalId,
    };
  }
  if (to < p.amount) return out;
  if (p.deliveredKey) {
    const revoked = await ctx.db.productKey.updateMany({ where: { purchaseId: p.id, revokedAt: null }, data: { revokedAt: new Date() } });
    out.keyRevoked = revoked.count > 0;
  }
  if (p.subscriptionId && endSubscription) {
    // the paid period ends now and nothing renews; Subscription.Canceled (reason refunded) tells the game
    out.subscriptionEnded = await endPurchaseSubscription(ctx, { subscriptionId: p.subscriptionId, reason: "refunded" });
  }
  return out;
};

/**
 * Ends the subscription a purchase paid for because its payment was given back ('refunded': a refund in full;
 * 'disputed': a lost dispute), through the state machine: Canceled, its paid period ending now, and
 * Subscription.Canceled with that reason, in the caller's transaction. One that is no longer Active (the player
 * canceled it, an earlier refund or dispute ended it) is left alone and nothing is sent: false.
 */
export const endPurchaseSubscription = async (ctx: DbContext, { subscriptionId, reason }: { subscriptionId: string; reason: "refunded" | "disputed" }) => {
  await ctx.db.$queryRaw`SELECT 1 FROM "Subscription" WHERE id = ${subscriptionId} FOR UPDATE`;
  const s = await ctx.db.subscription.findUnique({ where: { id: subscriptionId }, select: { status: true } });
  if (!s || !canCancel(s.status)) return false;
  await cancelSubscription(ctx, { subscriptionId, reason });
  return true;
};

/** Gives back what a clawback took when its dispute is won: the recovered units return to the player, the key is valid again. */
export const restoreClawback = async (ctx: DbContext, { purchase: p, clawback, reference }: { purchase: Purchase; clawback: Clawback; reference: string }) => {
  const vc = clawback.virtualCurrency;
  if (vc && BigInt(vc.recovered) > 0n && p.userRef) {
    await transfer(ctx.db, {
      ...vcScope({ gameId: p.gameId, environment: p.environment, currencyId: vc.currencyId }),
      type: "purchase_clawback_restore",
      reference,
      metadata: { purchaseId: p.id },
      from: vcPool(vc.currencyId, p.environment),
      to: vcUser(p.userRef, p.environment),
      amount: BigInt(vc.recovered),
      description: `Dispute won: clawback of purchase ${p.id} restored`,
    });
  }
  if (clawback.keyRevoked) await ctx.db.productKey.updateMany({ where: { purchaseId: p.id }, data: { revokedAt: null } });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { TRANSFER_ERRORS } from "../ledger/transfer.ts";
import { CANCEL_SUBSCRIPTION_ERRORS } from "../subscriptions/cancel-subscription.ts";
export const CLAW_BACK_PURCHASE_ERRORS = [...TRANSFER_ERRORS, ...CANCEL_SUBSCRIPTION_ERRORS] as const satisfies readonly ErrorCode[];
