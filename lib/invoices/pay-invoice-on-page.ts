// What the invoice page's pay form does: re-check the page URL, then pay by the sandbox card (test) or start an
// ACH transfer (test), or settle a processing ACH transfer (test only: a bank would do it days later).
import type { DbContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { DECLINED_MESSAGE, sandboxCardOutcome } from "../checkout/sandbox-card.ts";
import { findInvoiceByPageUrl } from "./load-invoice-page.ts";
import { payInvoiceByCard, requireTestInvoice, settleInvoiceAch, startInvoiceAch } from "./pay-invoice.ts";

export type PagePayInput = { publicId: string; sig: string | null; method: "card" | "ach" | "settle"; card?: { number: string; expiry: string; cvc: string } };

export const payInvoiceOnPage = (ctx: DbContext, input: PagePayInput) =>
  inTransaction(ctx.db, async (tx) => {
    const found = await findInvoiceByPageUrl({ db: tx }, input);
    if (!found || found.status === "draft") throw new AppError("INVOICE_NOT_FOUND", "This invoice link is not valid.");
    // lock the row: the card check below must not run for an invoice another request is paying
    await tx.$queryRaw`SELECT 1 FROM "Invoice" WHERE "id" = ${found.id} FOR UPDATE`;
    const inv = await tx.invoice.findUniqueOrThrow({ where: { id: found.id } });
    requireTestInvoice(inv);
    if (input.method === "settle") return settleInvoiceAch({ db: tx }, { invoice: inv });
    if (input.method === "ach") return startInvoiceAch({ db: tx }, { invoice: inv });
    if (inv.status !== "sent") return payInvoiceByCard({ db: tx }, { invoice: inv }); // refused with the state it is in
    const outcome = sandboxCardOutcome(input.card ?? { number: "" });
    if (outcome === "declined") throw new AppError("CARD_DECLINED", DECLINED_MESSAGE, { details: [{ field: "number", message: DECLINED_MESSAGE }] });
    return payInvoiceByCard({ db: tx }, { invoice: inv });
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { SANDBOX_CARD_ERRORS } from "../checkout/sandbox-card.ts";
import { PAY_INVOICE_ERRORS } from "./pay-invoice.ts";
export const PAY_INVOICE_ON_PAGE_ERRORS = [
  "CARD_DECLINED",
  "INVOICE_NOT_FOUND",
  ...SANDBOX_CARD_ERRORS,
  ...PAY_INVOICE_ERRORS,
] as const satisfies readonly ErrorCode[];
