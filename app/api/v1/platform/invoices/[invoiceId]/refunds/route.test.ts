// POST/GET /v1/platform/invoices/{invoiceId}/refunds on real PostgreSQL: full and partial refunds of a paid invoice
// reverse its USDC journal in shares, racing refunds never exceed the charge, and attacks (scope, tenant, state, input).
import { describe, expect, it } from "vitest";
import { GET, POST } from "./route";
import { call } from "@/tests/support/http";
import { serveRoutes } from "@/tests/support/serve-routes";
import { makePlatform } from "@/tests/support/fixtures";
import { makeSentInvoice } from "@/tests/support/invoices";
import { idem } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";
import { businessFundingAccount, USDC_ASSET } from "@/lib/ledger/accounts";
import { checkLedgerInvariants } from "@/lib/ledger/check-ledger-invariants";
import { ALL_SCOPES } from "@/lib/platform/scopes";
import { platformEventsOf } from "@/tests/support/platform";
import { emailInvoiceRefund, INVOICE_REFUND_EMAIL_TASK } from "@/lib/invoices/email-invoice-refund";

const WALLET = "0x" + "cd".repeat(20);
/** A sent invoice of $100 with a $2 flat fee (charged $102), paid by card when `pay`. */
const invoice = async (p: { headers: Record<string, string> }, { pay = true } = {}) =>
  (await makeSentInvoice(p, { pay, fees: [{ label: "Platform fee", flat: 200, recipientWallet: WALLET }] })).id;
const funding = async (businessId: string) =>
  (await getDb().ledgerAccount.findFirst({ where: { asset: USDC_ASSET, environment: "test", kind: "business", ownerRef: businessId } }))?.balance ?? 0n;
const feeBalance = async () =>
  (await getDb().ledgerAccount.findFirst({ where: { asset: USDC_ASSET, environment: "test", kind: "fee_recipient", ownerRef: WALLET } }))?.balance ?? 0n;

describe("POST /v1/platform/invoices/{invoiceId}/refunds", () => {
  it("in part then the rest: the business and the fee recipient give back their shares; the invoice counts refundedCents", async () => {
    const p = await makePlatform();
    const invoiceId = await invoice(p);
    expect(await funding(p.business.id)).toBe(100_000_000n);
    const fee0 = await feeBalance();

    const part = await call(POST, { headers: idem(p.headers), params: { invoiceId }, body: { amount: 5100, reason: "requested_by_customer" } });
    expect(part.status).toBe(201);
    expect(part.body.data).toEqual({
      refund: {
        _id: expect.any(String),
        object: "invoice",
        objectId: invoiceId,
        amount: 5100,
        currency: "USD",
        reason: "requested_by_customer",
        note: null,
        provider: "sandbox",
        externalId: expect.stringMatching(/^re_sandbox_/),
        clawback: null,
        createdAt: expect.any(String),
      },
      invoice: { _id: invoiceId, status: "paid", chargedCents: 10200, refundedCents: 5100 },
    });
    // half of the charge: $50 from the business, $1 from the fee
    expect(await funding(p.business.id)).toBe(50_000_000n);
    expect(fee0 - (await feeBalance())).toBe(1_000_000n);

    const tooMuch = await call(POST, { headers: idem(p.headers), params: { invoiceId }, body: { amount: 5101, reason: "other" } });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([422, "REFUND_EXCEEDS_PAYMENT"]);
    const rest = await call(POST, { headers: idem(p.headers), params: { invoiceId }, body: { reason: "other" } });
    expect(rest.body.data.invoice).toEqual({ _id: invoiceId, status: "paid", chargedCents: 10200, refundedCents: 10200 });
    expect(await funding(p.business.id)).toBe(0n);
    const again = await call(POST, { headers: idem(p.headers), params: { invoiceId }, body: { reason: "other" } });
    expect([again.status, again.body.code]).toEqual([409, "INVOICE_NOT_REFUNDABLE"]);
    const list = await call(GET, { headers: p.headers, params: { invoiceId } });
    expect(list.body.data.map((r: { amount: number }) => r.amount)).toEqual([5100, 5100]);
    expect(await checkLedgerInvariants(getDb(), { asset: USDC_ASSET, environment: "test" })).toMatchObject({
      sum: 0n,
      negativeAccounts: [],
      unbalancedJournals: [],
    });
    expect(businessFundingAccount(p.business.id, "test").kind).toBe("business");
  });

  it("each refund sends Platform.Invoice.Refunded (an addition) and the receiver's refund notice; nothing for a refused one or a suppressed invoice", async () => {
    const p = await makePlatform();
    const invoiceId = await invoice(p);
    const part = await call(POST, { headers: idem(p.headers), params: { invoiceId }, body: { amount: 2550, reason: "requested_by_customer" } });
    expect(part.status).toBe(201);
    expect((await call(POST, { headers: idem(p.headers), params: { invoiceId }, body: { amount: 9999, reason: "other" } })).status).toBe(422);
    const rest = await call(POST, { headers: idem(p.headers), params: { invoiceId }, body: { reason: "duplicate" } });
    const refunded = (await platformEventsOf(p.platform.id)).filter((e) => e.event === "Platform.Invoice.Refunded");
    expect(refunded.map((e) => e.data)).toEqual([
      expect.objectContaining({
        invoiceId,
        status: "paid",
        totalCharged: 102,
        refund: { refundId: part.body.data.refund._id, amount: 25.5, reason: "requested_by_customer", source: "api" },
        totalRefunded: 25.5,
        refundedInFull: false,
      }),
      expect.objectContaining({
        invoiceId,
        refund: { refundId: rest.body.data.refund._id, amount: 76.5, reason: "duplicate", source: "api" },
        totalRefunded: 102,
        refundedInFull: true,
      }),
    ]);
    // one notice job a refund, sent by the worker: the receiver reads what came back of what was paid
    const keys = (await getDb().$queryRaw<{ key: string }[]>`SELECT key FROM graphile_worker.jobs WHERE key LIKE ${`${INVOICE_REFUND_EMAIL_TASK}:%`}`).map(
      (j) => j.key,
    );
    expect(keys).toEqual(
      expect.arrayContaining([`${INVOICE_REFUND_EMAIL_TASK}:${part.body.data.refund._id}`, `${INVOICE_REFUND_EMAIL_TASK}:${rest.body.data.refund._id}`]),
    );
    const to = `refund-${invoiceId}@example.com`;
    await getDb().invoice.update({ where: { id: invoiceId }, data: { receiverEmail: to } });
    expect(await emailInvoiceRefund({ db: getDb() }, { invoiceId, refundId: part.body.data.refund._id })).toBe(1);
    const [mail] = await getDb().mailMessage.findMany({ where: { to } });
    const inv = await getDb().invoice.findUniqueOrThrow({ where: { id: invoiceId } });
    expect(mail.subject.replace(/[\u00a0\u202f]/g, " ")).toBe(`Refund of invoice ${inv.invoiceNumber} from ${p.business.name}: USD 25.50`);
    expect(mail.text.replace(/[\u00a0\u202f]/g, " ")).toContain(`refunded USD 25.50 of the USD 102.00 you paid for invoice ${inv.invoiceNumber}`);
    expect(mail.text).toContain(`/invoice/${inv.publicId}`);
    // another invoice's refund, or an invoice whose emails are suppressed: nothing is sent
    expect(await emailInvoiceRefund({ db: getDb() }, { invoiceId, refundId: "6b0c00000000000000000000" })).toBe(0);
    await getDb().invoice.update({ where: { id: invoiceId }, data: { emailSuppressed: true } });
    expect(await emailInvoiceRefund({ db: getDb() }, { invoiceId, refundId: rest.body.data.refund._id })).toBe(0);
    expect(await getDb().mailMessage.count({ where: { to } })).toBe(1);
  });

  it("racing refunds over real HTTP: of 5 parallel $40 refunds of a $102 charge exactly 2 pass", async () => {
    const p = await makePlatform();
    const invoiceId = await invoice(p);
    const server = await serveRoutes([POST]);
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          server.api(`/v1/platform/invoices/${invoiceId}/refunds`, { method: "POST", headers: idem(p.headers), body: { amount: 4000, reason: "duplicate" } }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 422, 422, 422]);
    } finally {
      await server.close();
    }
    expect((await getDb().invoice.findUniqueOrThrow({ where: { id: invoiceId } })).refundedCents).toBe(8000n);
    expect(await getDb().refund.count({ where: { objectId: invoiceId } })).toBe(2);
  });

  it("attacks: a key without invoice:refund 403; another business's invoice 404; an unpaid invoice 409; bad input 400; nothing changed", async () => {
    const p = await makePlatform();
    const other = await makePlatform();
    const invoiceId = await invoice(p);
    const unpaid = await invoice(p, { pay: false });
    const noScope = await makePlatform({ keyScopes: ALL_SCOPES.filter((s) => s !== "invoice:refund") });
    const denied = await call(POST, { headers: idem(noScope.headers), params: { invoiceId }, body: { reason: "other" } });
    expect(denied.status).toBe(403);
    const stranger = await call(POST, { headers: idem(other.headers), params: { invoiceId }, body: { reason: "other" } });
    expect([stranger.status, stranger.body.code]).toEqual([404, "INVOICE_NOT_FOUND"]);
    expect((await call(GET, { headers: other.headers, params: { invoiceId } })).status).toBe(404);
    const notPaid = await call(POST, { headers: idem(p.headers), params: { invoiceId: unpaid }, body: { reason: "other" } });
    expect([notPaid.status, notPaid.body.code]).toEqual([409, "INVOICE_NOT_REFUNDABLE"]);
    const bad = await call(POST, { headers: idem(p.headers), params: { invoiceId }, body: { reason: "whim", amount: -1 } });
    expect([bad.status, bad.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual(["amount", "reason"]);
    expect(await getDb().refund.count({ where: { objectId: { in: [invoiceId, unpaid] } } })).toBe(0);
    expect(await funding(p.business.id)).toBe(100_000_000n);
  });
});
