// Every status change of an invoice: the conditional write of the state table (race-safe), the key that acted,
// and the outbox event in the same transaction.
import { AppError } from "../core/errors.ts";
import { guardedTransition } from "../core/state-machine.ts";
import type { Invoice, Prisma } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { INVOICE_STATES, type InvoiceAction } from "./invoice-states.ts";
import { toDollars } from "./money.ts";

const VERB: Record<InvoiceAction, string> = {
  send: "sent",
  updateDraft: "updated",
  updateSent: "updated",
  cancel: "cancelled",
  startAch: "paid by ACH",
  payCard: "paid by card",
  settleAch: "settled",
};

/** The event each state entered emits (platform-owned; see docs/webhooks.md). */
const EVENT: Record<string, string> = {
  sent: "Platform.Invoice.Sent",
  processing: "Platform.Invoice.Processing",
  paid: "Platform.Invoice.Paid",
  cancelled: "Platform.Invoice.Cancelled",
};

export const invoiceStateConflict = (inv: { id: string }, state: string | null, action: InvoiceAction) =>
  state === null
    ? new AppError("INVOICE_NOT_FOUND", `Invoice ${inv.id} was not found.`)
    : new AppError(
        "INVOICE_STATE_CONFLICT",
        `Invoice ${inv.id} is ${state}; only a ${INVOICE_STATES[action].from.join(" or ")} invoice can be ${VERB[action]}.${state === "paid" || state === "cancelled" ? ` A ${state} invoice cannot change.` : ""}`,
      );

/**
 * Performs `action` on the invoice (409 INVOICE_STATE_CONFLICT naming the state found when another change got
 * there first), writing `data` with it, and emits the event of the state entered when the status changes.
 */
export const moveInvoice = async (
  ctx: DbContext,
  { invoice: inv, action, data = {} }: { invoice: Invoice; action: InvoiceAction; data?: Prisma.InvoiceUpdateManyMutationInput },
): Promise<Invoice> => {
  const tx = ctx.db;
  const { row } = await guardedTransition<InvoiceAction, Invoice["status"] & string, Invoice>(INVOICE_STATES as never, action, {
    write: (from, to) => tx.invoice.updateManyAndReturn({ where: { id: inv.id, status: { in: [...from] } }, data: { ...data, status: to } }),
    current: async () => (await tx.invoice.findUnique({ where: { id: inv.id }, select: { status: true } }))?.status ?? null,
    refuse: (state) => invoiceStateConflict(inv, state, action),
  });
  const moved = row!;
  if (moved.status !== inv.status && EVENT[moved.status]) await emitInvoiceEvent(ctx, { invoice: moved, event: EVENT[moved.status]! });
  return moved;
};

/** The invoice event `event` with the invoice's fields, and `extra` beside them (a refund's, for instance). */
export const emitInvoiceEvent = (ctx: DbContext, { invoice: inv, event, extra = {} }: { invoice: Invoice; event: string; extra?: Record<string, unknown> }) =>
  emitEvent(ctx.db, {
    owner: { type: "platform", id: inv.platformId },
    environment: inv.environment,
    event,
    objectType: "invoice",
    objectId: inv.id,
    data: {
      invoiceId: inv.id,
      businessId: inv.businessId,
      invoiceNumber: inv.invoiceNumber,
      status: inv.status,
      total: toDollars(inv.totalCents),
      totalCharged: toDollars(inv.chargedCents),
      currency: "USD",
      environment: inv.environment,
      ...(inv.paymentMethod ? { paymentMethod: inv.paymentMethod } : {}),
      ...extra,
    },
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const MOVE_INVOICE_ERRORS = ["INVOICE_NOT_FOUND", "INVOICE_STATE_CONFLICT"] as const satisfies readonly ErrorCode[];
