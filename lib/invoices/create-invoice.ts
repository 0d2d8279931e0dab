import type { TargetContext } from "../core/context.ts";
import { useTestClock } from "../test-clocks/use-test-clock.ts";
import { AppError } from "../core/errors.ts";
import { newId } from "../db/ids.ts";
import type { Prisma } from "../db/generated/client.ts";
import { inTransaction, pgCode, type DbClient } from "../db/transaction.ts";
import { newPublicInvoiceId } from "./invoice-url.ts";
import { prepareInvoice } from "./prepare-invoice.ts";
import type { CreateInvoiceBody } from "./schemas.ts";
import { serializeInvoice } from "./serialize-invoice.ts";
import { emitInvoiceEvent } from "./move-invoice.ts";
import { sendInvoiceEmail } from "./invoice-email.ts";

/** The next generated number of the business in this environment: INV-000001, INV-000002, … */
const nextInvoiceNumber = async (tx: DbClient, businessId: string, environment: string): Promise<string> => {
  const key = `invoice-number:${businessId}:${environment}`;
  const [{ last }] = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO "ObjectSequence" ("objectKey", "last") VALUES (${key}, 1)
    ON CONFLICT ("objectKey") DO UPDATE SET "last" = "ObjectSequence"."last" + 1
    RETURNING "last"`;
  return `INV-${String(last).padStart(6, "0")}`;
};

export const numberTaken = (n: string) =>
  new AppError("INVOICE_NUMBER_TAKEN", `This business already has invoice number ${n} in this environment.`, {
    details: [{ field: "invoiceNumber", message: "is already used" }],
  });

/**
 * POST /v1/platform/invoices: a draft (or, with status 'sent', a sent invoice and its email unless
 * emailSuppressed) for the target business, recording the platform, key and grant that created it.
 */
export const createInvoice = async (ctx: TargetContext, body: CreateInvoiceBody) => {
  const businessId = ctx.scope.businessId;
  try {
    return await inTransaction(ctx.db, async (tx) => {
      const fees = body.fees.map((f) => ({
        label: f.label,
        percentage: f.percentage ?? null,
        flatCents: BigInt(f.flat ?? 0),
        recipientWallet: f.recipientWallet.toLowerCase(),
      }));
      const prepared = await prepareInvoice({ ...ctx, db: tx }, { body, fees });
      const invoiceNumber = body.invoiceNumber ?? (await nextInvoiceNumber(tx, businessId, ctx.scope.environment));
      if (
        body.invoiceNumber &&
        (await tx.invoice.findFirst({ where: { businessId, environment: ctx.scope.environment, invoiceNumber }, select: { id: true } }))
      )
        throw numberTaken(invoiceNumber);
      const sending = body.status === "sent";
      // an invoice on a test clock is sent at the clock's time, and falls due on its advance (docs/decisions/test-clocks.md)
      const time = await useTestClock({ ...ctx, db: tx }, body.testClock);
      const at = time.now;
      const inv = await tx.invoice.create({
        data: {
          id: newId(),
          businessId,
          environment: ctx.scope.environment,
          platformId: ctx.scope.platformId,
          createdByKeyId: ctx.actor.keyId,
          grantId: ctx.scope.grantId,
          invoiceNumber,
          ...prepared,
          metadata: (prepared.metadata as Prisma.InputJsonObject | null) ?? undefined,
          status: sending ? "sent" : "draft",
          sentAt: sending ? at : null,
          emailSuppressed: sending ? (body.emailSuppressed ?? false) : false,
          publicId: newPublicInvoiceId(),
          testClockId: time.testClockId,
        },
      });
      if (sending) {
        await emitInvoiceEvent({ db: tx }, { invoice: inv, event: "Platform.Invoice.Sent" });
        if (!inv.emailSuppressed) await sendInvoiceEmail({ db: tx }, { invoice: inv });
      }
      return serializeInvoice(inv);
    });
  } catch (err) {
    // two creates racing for one custom number: the unique index decides
    if (pgCode(err) === "23505" || (err as { code?: string }).code === "P2002") throw numberTaken(body.invoiceNumber ?? "");
    throw err;
  }
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { PREPARE_INVOICE_ERRORS } from "./prepare-invoice.ts";
import { USE_TEST_CLOCK_ERRORS } from "../test-clocks/use-test-clock.ts";
export const CREATE_INVOICE_ERRORS = ["INVOICE_NUMBER_TAKEN", ...PREPARE_INVOICE_ERRORS, ...USE_TEST_CLOCK_ERRORS] as const satisfies readonly ErrorCode[];
