import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { now } from "../core/clock.ts";
import { Prisma } from "../db/generated/client.ts";
import { inTransaction, pgCode } from "../db/transaction.ts";
import { findInvoice } from "./find-invoice.ts";
import { sendInvoiceEmail } from "./invoice-email.ts";
import { invoiceStateConflict, moveInvoice } from "./move-invoice.ts";
import { numberTaken } from "./create-invoice.ts";
import { prepareInvoice } from "./prepare-invoice.ts";
import type { UpdateInvoiceBody } from "./schemas.ts";
import { serializeInvoice, storedFees } from "./serialize-invoice.ts";

/**
 * PUT /v1/platform/invoices/{invoiceId}: full replacement of a draft or sent invoice. The receiver fields are
 * replaced as a whole (switching receiverEmail ↔ recipientBusinessId clears the other), totals are recomputed,
 * and the fee line items stay as created (their amounts follow the new total). status: omitted keeps it; 'sent'
 * sends a draft (with its email unless emailSuppressed); 'draft' on a sent invoice is refused (409). An omitted
 * invoiceNumber keeps the current one.
 */
export const updateInvoice = async (ctx: TargetContext, { invoiceId, body }: { invoiceId: string; body: UpdateInvoiceBody }) => {
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const inv = await findInvoice({ ...ctx, db: tx }, { invoiceId });
      const fees = storedFees(inv).map((f) => ({
        label: f.label,
        percentage: f.percentage,
        flatCents: BigInt(f.flatCents),
        recipientWallet: f.recipientWallet,
      }));
      const prepared = await prepareInvoice({ ...ctx, db: tx }, { body, fees });
      const target = body.status ?? (inv.status === "sent" ? "sent" : "draft");
      if (target === "draft" && inv.status !== "draft") throw invoiceStateConflict(inv, inv.status, "updateDraft");
      const invoiceNumber = body.invoiceNumber ?? inv.invoiceNumber;
      if (
        invoiceNumber !== inv.invoiceNumber &&
        (await tx.invoice.findFirst({ where: { businessId: inv.businessId, environment: inv.environment, invoiceNumber }, select: { id: true } }))
      )
        throw numberTaken(invoiceNumber);
      const sending = target === "sent" && inv.status === "draft";
      const moved = await moveInvoice(
        { db: tx },
        {
          invoice: inv,
          action: target === "sent" ? "updateSent" : "updateDraft",
          data: {
            ...prepared,
            metadata: (prepared.metadata as Prisma.InputJsonObject | null) ?? Prisma.DbNull,
            invoiceNumber,
            updatedByKeyId: ctx.actor.keyId,
            ...(sending ? { sentAt: now(), emailSuppressed: body.emailSuppressed ?? false } : {}),
          },
        },
      );
      if (sending && !moved.emailSuppressed) await sendInvoiceEmail({ db: tx }, { invoice: moved });
      return serializeInvoice(moved);
    });
  } catch (err) {
    if (!(err instanceof AppError) && (pgCode(err) === "23505" || (err as { code?: string }).code === "P2002")) throw numberTaken(body.invoiceNumber ?? "");
    throw err;
  }
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CREATE_INVOICE_ERRORS } from "./create-invoice.ts";
import { FIND_INVOICE_ERRORS } from "./find-invoice.ts";
import { MOVE_INVOICE_ERRORS } from "./move-invoice.ts";
import { PREPARE_INVOICE_ERRORS } from "./prepare-invoice.ts";
export const UPDATE_INVOICE_ERRORS = [
  ...CREATE_INVOICE_ERRORS,
  ...FIND_INVOICE_ERRORS,
  ...MOVE_INVOICE_ERRORS,
  ...PREPARE_INVOICE_ERRORS,
] as const satisfies readonly ErrorCode[];
