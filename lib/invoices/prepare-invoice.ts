// The rules create and update share: the receiver, the amounts (to the cent) and the expected total.
import type { TargetContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { computeInvoice, EXPECTED_TOTAL_TOLERANCE_CENTS, toCents, toDollars, type FeeDefinition } from "./money.ts";
import type { CreateInvoiceBody, UpdateInvoiceBody } from "./schemas.ts";
import type { StoredFee, StoredItem } from "./serialize-invoice.ts";

const invalid = (field: string, message: string) => new AppError("VALIDATION_ERROR", `${field}: ${message}`, { details: [{ field, message }] });

/** The columns an invoice body sets (status and number aside). */
export const prepareInvoice = async (ctx: TargetContext, { body, fees }: { body: CreateInvoiceBody | UpdateInvoiceBody; fees: FeeDefinition[] }) => {
  const { db } = ctx;
  let receiverName = body.receiverName;
  if (body.recipientBusinessId !== undefined) {
    const recipient = await db.business.findUnique({ where: { id: body.recipientBusinessId }, select: { name: true, environment: true } });
    if (!recipient || recipient.environment !== ctx.scope.environment)
      throw invalid("recipientBusinessId", `no business ${body.recipientBusinessId} exists in ${ctx.scope.environment} mode`);
    if (body.recipientBusinessId === ctx.scope.businessId) throw invalid("recipientBusinessId", "a business cannot invoice itself");
    receiverName ??= recipient.name;
  }
  const totals = computeInvoice({ items: body.items, taxCents: toCents(body.taxAmount ?? 0), fees });
  body.items.forEach((item, i) => {
    if (item.amount !== undefined && toCents(item.amount) !== totals.items[i]!.amountCents)
      throw invalid(`items.${i}.amount`, `must be quantity × rate = ${toDollars(totals.items[i]!.amountCents).toFixed(2)}`);
  });
  if (body.expectedTotal !== undefined) {
    const diff = toCents(body.expectedTotal) - totals.totalCents;
    if (diff > EXPECTED_TOTAL_TOLERANCE_CENTS || diff < -EXPECTED_TOTAL_TOLERANCE_CENTS)
      throw new AppError(
        "INVOICE_TOTAL_MISMATCH",
        `expectedTotal ${body.expectedTotal.toFixed(2)} differs from the computed total ${toDollars(totals.totalCents).toFixed(2)} (items + tax) by more than 0.01.`,
        { details: [{ field: "expectedTotal", message: `the computed total is ${toDollars(totals.totalCents).toFixed(2)}` }] },
      );
  }
  const items: StoredItem[] = totals.items.map((i) => ({
    description: i.description,
    quantity: i.quantity,
    rateCents: Number(i.rateCents),
    amountCents: Number(i.amountCents),
  }));
  const storedFees: StoredFee[] = totals.fees.map((f) => ({
    label: f.label,
    percentage: f.percentage,
    flatCents: Number(f.flatCents),
    recipientWallet: f.recipientWallet,
    amountCents: Number(f.amountCents),
  }));
  return {
    receiverName: receiverName!,
    receiverEmail: body.receiverEmail ?? null,
    recipientBusinessId: body.recipientBusinessId ?? null,
    date: new Date(body.date),
    dueDate: new Date(body.dueDate),
    payToTarget: "BUSINESS",
    items,
    fees: storedFees,
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    feeCents: totals.feeCents,
    chargedCents: totals.chargedCents,
    note: body.note ?? "",
    metadata: body.metadata ?? null,
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const PREPARE_INVOICE_ERRORS = ["INVOICE_TOTAL_MISMATCH", "VALIDATION_ERROR"] as const satisfies readonly ErrorCode[];
