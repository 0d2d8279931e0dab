// The receiver pays: by card (sent → paid), or by ACH (sent → processing; settling moves it to paid). Every paid
// cent is one balanced USDC journal (cents × 10,000 micro-units): the processor's clearing account pays the
// business its invoice amount and each fee recipient its fee, in the transaction of the status change and its event.
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import type { Invoice } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import type { DbClient } from "../db/transaction.ts";
import { businessFundingAccount, USDC_ASSET } from "../ledger/accounts.ts";
import { custodyAddress } from "../ledger/address.ts";
import { postJournal } from "../ledger/post-journal.ts";
import type { AccountSpec } from "../ledger/types.ts";
import { moveInvoice } from "./move-invoice.ts";
import { storedFees } from "./serialize-invoice.ts";

export const MICROS_PER_CENT = 10_000n;

/** Where paid invoice money comes from: the card processor's or the ACH network's clearing account (an issuer). */
export const invoiceClearingAccount = (method: "card" | "ach", environment: Environment): AccountSpec => ({
  kind: "processor",
  ownerRef: `invoice-${method}`,
  address: custodyAddress("processor", `invoice-${method}`, environment),
  allowNegative: true,
});

/** A fee recipient's account, at the wallet address the platform gave. */
export const feeRecipientAccount = (wallet: string): AccountSpec => ({
  kind: "fee_recipient",
  ownerRef: wallet.toLowerCase(),
  address: wallet.toLowerCase(),
  allowNegative: false,
});

/** Posts the payment journal of a paid invoice; null when it charged nothing. */
const postPayment = async (tx: DbClient, inv: Invoice, method: "card" | "ach"): Promise<string | null> => {
  if (inv.chargedCents === 0n) return null;
  const description = `Invoice ${inv.invoiceNumber} paid by ${method}`;
  const fees = storedFees(inv).filter((f) => f.amountCents > 0);
  const posted = await postJournal(tx, {
    asset: USDC_ASSET,
    environment: inv.environment,
    tenantId: inv.businessId,
    type: "invoice_payment",
    reference: inv.id,
    metadata: { invoiceId: inv.id, invoiceNumber: inv.invoiceNumber, method },
    unitLabel: "USDC micro-units",
    postings: [
      { account: invoiceClearingAccount(method, inv.environment), delta: -inv.chargedCents * MICROS_PER_CENT, description },
      ...(inv.totalCents > 0n
        ? [{ account: businessFundingAccount(inv.businessId, inv.environment), delta: inv.totalCents * MICROS_PER_CENT, description }]
        : []),
      ...fees.map((f) => ({
        account: feeRecipientAccount(f.recipientWallet),
        delta: BigInt(f.amountCents) * MICROS_PER_CENT,
        description: `${description}: fee ${f.label}`,
      })),
    ],
  });
  return posted.journalId;
};

const paid = async (tx: DbClient, moved: Invoice, method: "card" | "ach"): Promise<Invoice> => {
  const journalId = await postPayment(tx, moved, method);
  return journalId ? tx.invoice.update({ where: { id: moved.id }, data: { paymentJournalId: journalId } }) : moved;
};

/** Card: sent → paid, with its journal (409 INVOICE_STATE_CONFLICT otherwise; of racing payments exactly one wins). */
export const payInvoiceByCard = async (ctx: DbContext, { invoice }: { invoice: Invoice }): Promise<Invoice> =>
  paid(ctx.db, await moveInvoice(ctx, { invoice, action: "payCard", data: { paidAt: now(), paymentMethod: "card" } }), "card");

/** ACH: sent → processing. Nothing is paid yet; settleInvoiceAch pays. */
export const startInvoiceAch = (ctx: DbContext, { invoice }: { invoice: Invoice }): Promise<Invoice> =>
  moveInvoice(ctx, { invoice, action: "startAch", data: { processingAt: now(), paymentMethod: "ach" } });

/** ACH settles: processing → paid, with its journal. */
export const settleInvoiceAch = async (ctx: DbContext, { invoice }: { invoice: Invoice }): Promise<Invoice> =>
  paid(ctx.db, await moveInvoice(ctx, { invoice, action: "settleAch", data: { paidAt: now() } }), "ach");

/**
 * The page's sandbox payments (sandbox card, ACH, settle) are test-mode only. A live invoice is paid by card through
 * Stripe Checkout (start-invoice-card-payment.ts; the webhook pays it); ACH is not offered in live: collecting a
 * US bank debit needs Stripe's us_bank_account method with its mandate, micro-deposit verification and days-long
 * settlement and failure events, none of which is built (see docs/decisions/platform.md).
 */
export const requireTestInvoice = (inv: Invoice) => {
  if (inv.environment !== "test")
    throw new AppError(
      "PAYMENT_METHOD_UNAVAILABLE",
      "Live invoices are paid by card through Stripe (Pay by card on the invoice page); bank transfer (ACH) is not available for live invoices.",
    );
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { MOVE_INVOICE_ERRORS } from "./move-invoice.ts";
import { POST_JOURNAL_ERRORS } from "../ledger/post-journal.ts";
export const PAY_INVOICE_ERRORS = ["PAYMENT_METHOD_UNAVAILABLE", ...MOVE_INVOICE_ERRORS, ...POST_JOURNAL_ERRORS] as const satisfies readonly ErrorCode[];
