import type { Purchase } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import { USDC_ASSET, vcPool, vcUser, walletAccount } from "../ledger/accounts.ts";
import { postJournal } from "../ledger/post-journal.ts";
import { transfer } from "../ledger/transfer.ts";
import { requireStripe } from "../stripe/client.ts";
import { vcScope } from "../vc/vc-scope.ts";
import type { Payout } from "../wallet/plan-payouts.ts";
import type { DbContext } from "../core/context.ts";

export type ReturnedPayment = { provider: string; externalId: string | null; journalId: string | null };

/** Each payout's share of `paid` out of `total` (the first payout takes the rounding), cumulative so partial refunds sum exactly. */
const payoutShares = (payouts: Payout[], paid: bigint, total: bigint): bigint[] => {
  const rest = payouts.slice(1).map((o) => (BigInt(o.amount) * paid) / total);
  return [paid - rest.reduce((a, b) => a + b, 0n), ...rest];
};

/** A live card payment: it goes back through Stripe, outside the purchase's lock (settleStripeRefund). */
export const paysBackAtStripe = (p: Purchase): boolean =>
  p.paymentMethod !== "vc" && p.paymentMethod !== "wallet" && p.environment === "live" && (p.paymentProvider ?? "sandbox") !== "sandbox";

/** The live card payment's PaymentIntent: stored when its checkout settled, else read from its Checkout Session (a Stripe call). */
export const paymentIntentOf = async (p: Purchase): Promise<string> => {
  if (p.paymentIntentId) return p.paymentIntentId;
  const session = await requireStripe().checkout.sessions.retrieve(p.externalId!);
  const pi = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  if (!pi) throw new Error(`Checkout Session ${p.externalId} of purchase ${p.id} has no PaymentIntent`);
  return pi;
};

/**
 * Gives `amount` of a purchase's payment back to the payer, in the caller's transaction (which holds the purchase's
 * lock), `from` being what earlier refunds gave back:
 * - virtual currency: the units go from the currency's pool back to the player (one journal);
 * - wallet: the USDC goes back to the player's wallet from the payouts it was split into, each in its share (one
 *   journal); a payee whose balance no longer holds its share makes it 422 INSUFFICIENT_FUNDS, nothing written;
 * - card in test: the sandbox processor (nothing leaves the server; the refund id is re_sandbox_...).
 * A live card payment is not returned here: it is a Stripe call, made outside the lock (paysBackAtStripe,
 * settle-stripe-refund.ts).
 */
export const returnPayment = async (
  ctx: DbContext,
  { purchase: p, amount, from }: { purchase: Purchase; amount: bigint; from: bigint },
): Promise<ReturnedPayment> => {
  const provider = p.paymentProvider ?? "sandbox";
  if (p.paymentMethod === "vc") {
    const posted = await transfer(ctx.db, {
      ...vcScope({ gameId: p.gameId, environment: p.environment, currencyId: p.currencyId! }),
      type: "purchase_refund",
      reference: p.id,
      metadata: { purchaseId: p.id },
      from: vcPool(p.currencyId!, p.environment),
      to: vcUser(p.userRef!, p.environment),
      amount,
      description: `Refund of purchase ${p.id}`,
    });
    return { provider, externalId: null, journalId: posted.journalId };
  }
  if (p.paymentMethod === "wallet") {
    const game = await ctx.db.game.findUniqueOrThrow({ where: { id: p.gameId }, select: { businessId: true } });
    const payouts = (p.payouts ?? []) as Payout[];
    const before = payoutShares(payouts, from, p.amount);
    const after = payoutShares(payouts, from + amount, p.amount);
    const description = `Refund of wallet purchase ${p.id}`;
    const posted = await postJournal(ctx.db, {
      asset: USDC_ASSET,
      environment: p.environment,
      tenantId: game.businessId,
      type: "wallet_refund",
      reference: p.id,
      metadata: { purchaseId: p.id, gameId: p.gameId },
      unitLabel: "USDC micro-units",
      postings: [
        ...payouts
          .map((o, i) => ({
            account: { kind: o.kind, ownerRef: o.ownerRef, address: o.recipientAddress, allowNegative: false },
            delta: -(after[i] - before[i]),
            description: `${description}: ${o.recipient}`,
          }))
          .filter((x) => x.delta !== 0n),
        { account: walletAccount(p.playerId!, p.environment), delta: amount, description },
      ],
    });
    return { provider, externalId: null, journalId: posted.journalId };
  }
  if (paysBackAtStripe(p)) throw new Error(`returnPayment: purchase ${p.id} is paid back at Stripe (settleStripeRefund), not in a transaction`);
  return { provider: "sandbox", externalId: `re_sandbox_${newId()}`, journalId: null };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { POST_JOURNAL_ERRORS } from "../ledger/post-journal.ts";
import { TRANSFER_ERRORS } from "../ledger/transfer.ts";
import { CLIENT_ERRORS } from "../stripe/client.ts";
export const RETURN_PAYMENT_ERRORS = [...POST_JOURNAL_ERRORS, ...TRANSFER_ERRORS, ...CLIENT_ERRORS] as const satisfies readonly ErrorCode[];
