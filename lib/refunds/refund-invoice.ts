import type { Environment } from "../core/environment.ts";
import { conflict, unprocessable } from "../core/errors.ts";
import type { DbContext } from "../core/context.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { businessFundingAccount, USDC_ASSET } from "../ledger/accounts.ts";
import { postJournal } from "../ledger/post-journal.ts";
import { feeRecipientAccount, invoiceClearingAccount, MICROS_PER_CENT } from "../invoices/pay-invoice.ts";
import { invoiceNotFound } from "../invoices/find-invoice.ts";
import { storedFees } from "../invoices/serialize-invoice.ts";
import { refundStripeCharge } from "./refund-stripe-charge.ts";
import { serializeRefund, type RefundBody, type RefundJson } from "./schemas.ts";

/** Each payee's share (business first, taking the rounding; then each fee) of `paid` cents out of the invoice's charge. */
const shares = (totalCents: bigint, fees: bigint[], paid: bigint, charged: bigint): bigint[] => {
  const rest = fees.map((f) => (f * paid) / charged);
  return [paid - rest.reduce((a, b) => a + b, 0n), ...rest];
};

/**
 * Refunds a paid invoice in full or in part (cents of what was charged), once per call: the invoice row is locked
 * first, so racing refunds never give back more than was charged (422 REFUND_EXCEEDS_PAYMENT). The payment journal is
 * reversed in that share (the business and each fee recipient give back theirs, to the clearing account it came from),
 * a live card payment is refunded at Stripe (its PaymentIntent), a test one in the sandbox; the invoice keeps its status
 * paid and counts refundedCents. Another business's invoice is 404; one that is not paid, refunded in full, or disputed
 * is 409 INVOICE_NOT_REFUNDABLE.
 */
export const refundInvoice = (
  ctx: DbContext,
  input: RefundBody & { businessId: string; environment: Environment; invoiceId: string; source?: string },
): Promise<{ data: { refund: RefundJson; invoice: { _id: string; status: string; chargedCents: number; refundedCents: number } } }> =>
  inTransaction(ctx.db, async (tx) => {
    const id = input.invoiceId;
    if (!/^[0-9a-f]{24}$/.test(id)) throw invoiceNotFound(id);
    await tx.$queryRaw`SELECT 1 FROM "Invoice" WHERE id = ${id} FOR UPDATE`;
    const inv = await tx.invoice.findUnique({ where: { id } });
    if (!inv || inv.businessId !== input.businessId || inv.environment !== input.environment) throw invoiceNotFound(id);
    const refuse = (why: string) => conflict("INVOICE_NOT_REFUNDABLE", `Invoice ${inv.invoiceNumber} ${why}; nothing was refunded.`);
    if (inv.status !== "paid") throw refuse(`is ${inv.status}; only a paid invoice can be refunded`);
    if (inv.disputeStatus === "open") throw refuse("is disputed at the card network; the dispute decides");
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
    let provider = "sandbox";
    let externalId: string | null = `re_sandbox_${newId()}`;
    if (inv.environment === "live") {
      const payment = await tx.stripePayment.findFirst({ where: { kind: "invoice", objectId: inv.id, status: "completed" } });
      if (payment?.paymentIntentId) {
        provider = "stripe";
        externalId = await refundStripeCharge({
          paymentIntentId: payment.paymentIntentId,
          amount,
          idempotencyKey: `invoice-refund:${inv.id}:${inv.refundedCents}:${amount}`,
          metadata: { invoiceId: inv.id },
        });
      } else {
        provider = method;
        externalId = null;
      }
    }
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
        provider,
        externalId,
        journalId: journal.journalId,
        source: input.source ?? "api",
      },
    });
    return {
      data: {
        refund: serializeRefund(refund),
        invoice: { _id: updated.id, status: updated.status, chargedCents: Number(updated.chargedCents), refundedCents: Number(updated.refundedCents) },
      },
    };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { POST_JOURNAL_ERRORS } from "../ledger/post-journal.ts";
import { REFUND_STRIPE_CHARGE_ERRORS } from "./refund-stripe-charge.ts";
export const REFUND_INVOICE_ERRORS = [
  "INVOICE_NOT_FOUND",
  "INVOICE_NOT_REFUNDABLE",
  "REFUND_EXCEEDS_PAYMENT",
  ...POST_JOURNAL_ERRORS,
  ...REFUND_STRIPE_CHARGE_ERRORS,
] as const satisfies readonly ErrorCode[];
