import type { Environment } from "../core/environment.ts";
import { AppError, conflict, unprocessable } from "../core/errors.ts";
import type { DbContext } from "../core/context.ts";
import type { Invoice, Refund } from "../db/generated/client.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { businessFundingAccount, USDC_ASSET } from "../ledger/accounts.ts";
import { postJournal } from "../ledger/post-journal.ts";
import { feeRecipientAccount, invoiceClearingAccount, MICROS_PER_CENT } from "../invoices/pay-invoice.ts";
import { invoiceNotFound } from "../invoices/find-invoice.ts";
import { storedFees } from "../invoices/serialize-invoice.ts";
import { settleStripeRefund } from "./settle-stripe-refund.ts";
import { finishInvoiceRefund } from "./finish-invoice-refund.ts";
import { serializeRefund, type RefundBody, type RefundJson } from "./schemas.ts";

/** Each payee's share (business first, taking the rounding; then each fee) of `paid` cents out of the invoice's charge. */
const shares = (totalCents: bigint, fees: bigint[], paid: bigint, charged: bigint): bigint[] => {
  const rest = fees.map((f) => (f * paid) / charged);
  return [paid - rest.reduce((a, b) => a + b, 0n), ...rest];
};

type InvoiceRefundAnswer = { data: { refund: RefundJson; invoice: { _id: string; status: string; chargedCents: number; refundedCents: number } } };
const answer = (refund: Refund, inv: Invoice): InvoiceRefundAnswer => ({
  data: {
    refund: serializeRefund(refund),
    invoice: { _id: inv.id, status: inv.status, chargedCents: Number(inv.chargedCents), refundedCents: Number(inv.refundedCents) },
  },
});

/**
 * Refunds a paid invoice in full or in part (cents of what was charged), once per call: the invoice row is locked
 * first, so racing refunds never give back more than was charged (422 REFUND_EXCEEDS_PAYMENT). In that transaction
 * the payment journal is reversed in that share (the business and each fee recipient give back theirs, to the
 * clearing account it came from; a payee short of its share is refused before anything reaches Stripe) and counted in
 * refundedCents; the invoice keeps its status paid. A test payment is refunded in the sandbox in that same
 * transaction. A live card payment's refund is committed pending, then made at Stripe with no lock held
 * (settleStripeRefund): Stripe refusing it releases it (the shares move back, 502 PAYMENT_PROVIDER_ERROR), no answer
 * leaves it pending for a retry with the same Idempotency-Key or the recovery job. docs/decisions/refund-outside-lock.md
 * Another business's invoice is 404; one that is not paid, refunded in full, or disputed is 409 INVOICE_NOT_REFUNDABLE.
 */
export const refundInvoice = async (
  ctx: DbContext,
  input: RefundBody & { businessId: string; environment: Environment; invoiceId: string; source?: string; requestKey?: string },
): Promise<InvoiceRefundAnswer & { replayed: boolean }> => {
  const step = await inTransaction(ctx.db, async (tx): Promise<{ done: InvoiceRefundAnswer; replayed: boolean } | { atStripe: Refund }> => {
    const id = input.invoiceId;
    if (!/^[0-9a-f]{24}$/.test(id)) throw invoiceNotFound(id);
    await tx.$queryRaw`SELECT 1 FROM "Invoice" WHERE id = ${id} FOR UPDATE`;
    const inv = await tx.invoice.findUnique({ where: { id } });
    if (!inv || inv.businessId !== input.businessId || inv.environment !== input.environment) throw invoiceNotFound(id);
    if (input.requestKey) {
      const same = await tx.refund.findUnique({
        where: { objectType_objectId_requestKey: { objectType: "invoice", objectId: inv.id, requestKey: input.requestKey } },
      });
      if (same) {
        if (same.reason !== input.reason || same.note !== (input.note ?? null) || (input.amount !== undefined && BigInt(input.amount) !== same.amount))
          throw new AppError("IDEMPOTENCY_KEY_REUSED", "This Idempotency-Key was already used with a different request. Use a new key for a new request.");
        return same.status === "pending" ? { atStripe: same } : { done: answer(same, inv), replayed: true };
      }
    }
    const refuse = (why: string) => conflict("INVOICE_NOT_REFUNDABLE", `Invoice ${inv.invoiceNumber} ${why}; nothing was refunded.`);
    if (inv.status !== "paid") throw refuse(`is ${inv.status}; only a paid invoice can be refunded`);
    if (inv.disputeStatus === "open") throw refuse("is disputed at the card network; the dispute decides");
    // refundedCents counts the refunds pending at Stripe too: their shares have moved already
    const left = inv.chargedCents - inv.refundedCents;
    if (left <= 0n) throw refuse(inv.chargedCents === 0n ? "charged nothing" : "is refunded in full already");
    const amount = input.amount === undefined ? left : BigInt(input.amount);
    if (amount > left)
      throw unprocessable(
        "REFUND_EXCEEDS_PAYMENT",
        `A refund of ${amount} cents is more than what is left of invoice ${inv.invoiceNumber}: ${left} of ${inv.chargedCents} cents (refunded so far: ${inv.refundedCents}). Nothing was refunded.`,
      );
    const method = inv.paymentMethod === "ach" ? "ach" : "card";
    const fees = storedFees(inv).filter((f) => f.amountCents > 0);
    const feeCents = fees.map((f) => BigInt(f.amountCents));
    const before = shares(inv.totalCents, feeCents, inv.refundedCents, inv.chargedCents);
    const after = shares(inv.totalCents, feeCents, inv.refundedCents + amount, inv.chargedCents);
    const description = `Refund of invoice ${inv.invoiceNumber}`;
    const journal = await postJournal(tx, {
      asset: USDC_ASSET,
      environment: inv.environment,
      tenantId: inv.businessId,
      type: "invoice_refund",
      reference: inv.id,
      metadata: { invoiceId: inv.id, invoiceNumber: inv.invoiceNumber, method },
      unitLabel: "USDC micro-units",
      postings: [
        { account: businessFundingAccount(inv.businessId, inv.environment), delta: -(after[0] - before[0]) * MICROS_PER_CENT, description },
        ...fees.map((f, i) => ({
          account: feeRecipientAccount(f.recipientWallet),
          delta: -(after[i + 1] - before[i + 1]) * MICROS_PER_CENT,
          description: `${description}: fee ${f.label}`,
        })),
        { account: invoiceClearingAccount(method, inv.environment), delta: amount * MICROS_PER_CENT, description },
      ].filter((x) => x.delta !== 0n),
    });
    const payment = inv.environment === "live" ? await tx.stripePayment.findFirst({ where: { kind: "invoice", objectId: inv.id, status: "completed" } }) : null;
    const atStripe = Boolean(payment?.paymentIntentId);
    const updated = await tx.invoice.update({ where: { id: inv.id }, data: { refundedCents: inv.refundedCents + amount } });
    const refund = await tx.refund.create({
      data: {
        id: newId(),
        objectType: "invoice",
        objectId: inv.id,
        businessId: inv.businessId,
        environment: inv.environment,
        amount,
        currency: inv.currency,
        reason: input.reason,
        note: input.note ?? null,
        // live without a Stripe payment: the money went back by hand (ACH)
        provider: atStripe ? "stripe" : inv.environment === "live" ? method : "sandbox",
        externalId: atStripe || inv.environment === "live" ? null : `re_sandbox_${newId()}`,
        journalId: journal.journalId,
        status: atStripe ? "pending" : "succeeded",
        requestKey: input.requestKey ?? null,
        source: input.source ?? "api",
      },
    });
    if (!atStripe) await finishInvoiceRefund({ db: tx }, { refundId: refund.id });
    return atStripe ? { atStripe: refund } : { done: answer(refund, updated), replayed: false };
  });
  if ("done" in step) return { ...step.done, replayed: step.replayed };
  // the lock is released: Stripe is asked with no row held, then the refund is settled or released
  const settled = await settleStripeRefund(ctx, { refundId: step.atStripe.id });
  if (settled.status !== "succeeded")
    throw new AppError(
      "PAYMENT_PROVIDER_ERROR",
      settled.status === "failed"
        ? `Stripe refused the refund (${settled.message}); nothing was refunded and the amount can be refunded again.`
        : `Stripe did not answer (${settled.message}); refund ${step.atStripe.id} of ${step.atStripe.amount} cents is pending: retry this request with the same Idempotency-Key, or the service settles it with Stripe within minutes (it is never made twice).`,
    );
  const row = await ctx.db.refund.findUniqueOrThrow({ where: { id: step.atStripe.id } });
  return { ...answer(row, await ctx.db.invoice.findUniqueOrThrow({ where: { id: row.objectId } })), replayed: false };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { POST_JOURNAL_ERRORS } from "../ledger/post-journal.ts";
import { SETTLE_STRIPE_REFUND_ERRORS } from "./settle-stripe-refund.ts";
export const REFUND_INVOICE_ERRORS = [
  "INVOICE_NOT_FOUND",
  "INVOICE_NOT_REFUNDABLE",
  "REFUND_EXCEEDS_PAYMENT",
  "IDEMPOTENCY_KEY_REUSED",
  "PAYMENT_PROVIDER_ERROR",
  ...POST_JOURNAL_ERRORS,
  ...SETTLE_STRIPE_REFUND_ERRORS,
] as const satisfies readonly ErrorCode[];
