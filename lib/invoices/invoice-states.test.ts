// The invoice state table, every state × every trigger, through the real services: the spec's next state, or
// 409 INVOICE_STATE_CONFLICT with the row unchanged.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.ts";
import { inTransaction } from "../db/transaction.ts";
import { makePlatform } from "../../tests/support/fixtures.ts";
import type { TargetContext } from "../core/context.ts";
import { createInvoice } from "./create-invoice.ts";
import { sendInvoice } from "./send-invoice.ts";
import { cancelInvoice } from "./cancel-invoice.ts";
import { updateInvoice } from "./update-invoice.ts";
import { payInvoiceByCard, settleInvoiceAch, startInvoiceAch } from "./pay-invoice.ts";
import { INVOICE_STATES, INVOICE_STATUSES, type InvoiceStatus } from "./invoice-states.ts";
import { targetContextFor } from "../../tests/support/contexts.ts";

const base = {
  receiverName: "R",
  receiverEmail: "r@example.com",
  date: "2026-11-20",
  dueDate: "2026-11-30",
  payToTarget: "BUSINESS" as const,
  items: [{ description: "x", quantity: 1, rate: 10 }],
};

const ctxOf = async (): Promise<TargetContext> => {
  const p = await makePlatform();
  const key = await getDb().apiKey.findFirstOrThrow({ where: { platformId: p.platform.id } });
  return targetContextFor({ platformId: p.platform.id, businessId: p.business.id, grantId: p.grant.id }, { keyId: key.id });
};

/** An invoice brought to `state` by the real transitions. */
const invoiceIn = async (ctx: TargetContext, state: InvoiceStatus): Promise<string> => {
  const inv = await createInvoice(ctx, { ...base, status: "draft", fees: [] });
  const id = inv._id;
  const row = () => getDb().invoice.findUniqueOrThrow({ where: { id } });
  if (state === "draft") return id;
  if (state === "cancelled") return (await cancelInvoice(ctx, { invoiceId: id }), id);
  await sendInvoice(ctx, { invoiceId: id, emailSuppressed: true });
  if (state === "sent") return id;
  await inTransaction(undefined, async (tx) => startInvoiceAch({ db: tx }, { invoice: await row() }));
  if (state === "processing") return id;
  await inTransaction(undefined, async (tx) => settleInvoiceAch({ db: tx }, { invoice: await row() }));
  return id;
};

type Trigger = { name: string; run: (ctx: TargetContext, id: string) => Promise<unknown>; expected: Partial<Record<InvoiceStatus, InvoiceStatus>> };
const row = (id: string) => getDb().invoice.findUniqueOrThrow({ where: { id } });
const TRIGGERS: Trigger[] = [
  { name: "POST send", run: (ctx, id) => sendInvoice(ctx, { invoiceId: id, emailSuppressed: true }), expected: { draft: "sent" } },
  { name: "PUT (status kept)", run: (ctx, id) => updateInvoice(ctx, { invoiceId: id, body: { ...base } }), expected: { draft: "draft", sent: "sent" } },
  {
    name: "PUT status 'sent'",
    run: (ctx, id) => updateInvoice(ctx, { invoiceId: id, body: { ...base, status: "sent", emailSuppressed: true } }),
    expected: { draft: "sent", sent: "sent" },
  },
  { name: "PUT status 'draft'", run: (ctx, id) => updateInvoice(ctx, { invoiceId: id, body: { ...base, status: "draft" } }), expected: { draft: "draft" } },
  { name: "POST cancel", run: (ctx, id) => cancelInvoice(ctx, { invoiceId: id }), expected: { draft: "cancelled", sent: "cancelled" } },
  {
    name: "pay by card",
    run: async (_, id) => inTransaction(undefined, async (tx) => payInvoiceByCard({ db: tx }, { invoice: await row(id) })),
    expected: { sent: "paid" },
  },
  {
    name: "pay by ACH",
    run: async (_, id) => inTransaction(undefined, async (tx) => startInvoiceAch({ db: tx }, { invoice: await row(id) })),
    expected: { sent: "processing" },
  },
  {
    name: "ACH settles",
    run: async (_, id) => inTransaction(undefined, async (tx) => settleInvoiceAch({ db: tx }, { invoice: await row(id) })),
    expected: { processing: "paid" },
  },
];

describe("invoice state table", () => {
  it("the table's transitions are the ones the tests expect", () => {
    expect(INVOICE_STATES.send.from).toEqual(["draft"]);
    expect(INVOICE_STATES.cancel.from).toEqual(["draft", "sent"]);
  });

  for (const trigger of TRIGGERS)
    for (const state of INVOICE_STATUSES) {
      const next = trigger.expected[state];
      it(`${state} × ${trigger.name} → ${next ?? "409 INVOICE_STATE_CONFLICT"}`, async () => {
        const ctx = await ctxOf();
        const id = await invoiceIn(ctx, state);
        const before = await row(id);
        if (next) {
          await trigger.run(ctx, id);
          expect((await row(id)).status).toBe(next);
        } else {
          await expect(trigger.run(ctx, id)).rejects.toMatchObject({ code: "INVOICE_STATE_CONFLICT", status: 409 });
          const after = await row(id);
          expect(after).toEqual(before);
        }
      });
    }
});
