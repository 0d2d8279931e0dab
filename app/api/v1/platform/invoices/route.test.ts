// The seven invoice routes and the pay test helper: values, auth, scopes, tenancy, validation, idempotency.
import { describe, expect, it } from "vitest";
import { GET as LIST, POST as CREATE } from "./route";
import { GET as GET_ONE, PUT } from "./[invoiceId]/route";
import { POST as SEND } from "./[invoiceId]/send/route";
import { POST as CANCEL } from "./[invoiceId]/cancel/route";
import { GET as EXPORT } from "./export/route";
import { POST as PAY } from "../../test-helpers/invoices/[invoiceId]/pay/route";
import { appBaseUrl } from "@/lib/config/settings";
import { call } from "@/tests/support/http";
import { makePlatform } from "@/tests/support/fixtures";
import { idem } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";
import { ALL_SCOPES, BUSINESS_SCOPES } from "@/lib/platform/scopes";
import { verifyPublicInvoiceSignature } from "@/lib/invoices/invoice-url";
import { checkVcLedgerInvariants } from "@/lib/vc/check-vc-journal-entries";
import { businessFundingAccount } from "@/lib/ledger/accounts";

const WALLET = "0x" + "ab".repeat(20);
const body = (over: Record<string, unknown> = {}) => ({
  receiverName: "Ada Buyer",
  receiverEmail: "ada@example.com",
  date: "2026-11-20",
  dueDate: "2026-12-20",
  items: [
    { description: "Consulting", quantity: 3, rate: 150.5, amount: 451.5 },
    { description: "Setup", quantity: 1, rate: 99.99 },
  ],
  taxAmount: 10,
  fees: [{ label: "Platform fee", percentage: 2.5, flat: 30, recipientWallet: WALLET }],
  ...over,
});
const create = async (headers: Record<string, string>, over: Record<string, unknown> = {}) => {
  const res = await call(CREATE, { headers: idem(headers), body: body(over) });
  expect(res.status).toBe(201);
  return res.body;
};
const mails = (to: string) => getDb().mailMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });

describe("POST /v1/platform/invoices", () => {
  it("201 with Location: amounts in dollars, paymentSummary, a signed page link, who created it", async () => {
    const p = await makePlatform();
    const res = await call(CREATE, { headers: idem(p.headers), body: body({ expectedTotal: 561.5, metadata: { order: "o-1" }, note: "Thanks" }) });
    expect(res.status).toBe(201);
    const inv = res.body;
    expect(res.headers.get("location")).toBe(`${appBaseUrl()}/api/v1/platform/invoices/${inv._id}`);
    // items 451.50 + 99.99 = 551.49, tax 10 → 561.49; fee 0.30 + 2.5% × 561.49 (14.03725 → 14.04) = 14.34
    expect(inv).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      invoiceNumber: "INV-000001",
      receiverName: "Ada Buyer",
      receiverEmail: "ada@example.com",
      recipientBusinessId: null,
      businessId: p.business.id,
      status: "draft",
      currency: "USD",
      environment: "test",
      subtotal: 551.49,
      taxAmount: 10,
      total: 561.49,
      paymentSummary: { invoiceAmount: 561.49, payerFee: 14.34, totalCharged: 575.83 },
      items: [
        { description: "Consulting", quantity: 3, rate: 150.5, amount: 451.5 },
        { description: "Setup", quantity: 1, rate: 99.99, amount: 99.99 },
      ],
      fees: [{ label: "Platform fee", percentage: 2.5, flat: 30, recipientWallet: WALLET, amount: 14.34 }],
      emailSuppressed: false,
      note: "Thanks",
      metadata: { order: "o-1" },
      createdByPlatformId: p.platform.id,
      date: "2026-11-20T00:00:00.000Z",
      dueDate: "2026-12-20T00:00:00.000Z",
      publicInvoiceId: expect.stringMatching(/^pinv_[0-9a-f]{32}$/),
    });
    const link = new URL(inv.links.invoice);
    expect(link.pathname).toBe(`/invoice/${inv.publicInvoiceId}`);
    expect(verifyPublicInvoiceSignature(inv.publicInvoiceId, link.searchParams.get("sig"))).toBe(true);
    const row = await getDb().invoice.findUniqueOrThrow({ where: { id: inv._id } });
    expect(row).toMatchObject({ platformId: p.platform.id, grantId: p.grant.id, totalCents: 56149n, feeCents: 1434n, chargedCents: 57583n });
    expect(row.createdByKeyId).toBe(inv.createdByKeyId);
    expect(await mails("ada@example.com")).toEqual([]); // a draft mails nobody
    // numbers count up per business
    expect((await create(p.headers)).invoiceNumber).toBe("INV-000002");
  });

  it("status 'sent' sends at once (email, event); emailSuppressed sends no email", async () => {
    const p = await makePlatform();
    const sent = await create(p.headers, { status: "sent", receiverEmail: "bob@example.com", receiverName: "Bob" });
    expect(sent.status).toBe("sent");
    const [mail] = await mails("bob@example.com");
    expect(mail.subject).toContain(sent.invoiceNumber);
    expect(mail.text).toContain(sent.links.invoice);
    const events = await getDb().webhookEvent.findMany({ where: { objectId: sent._id } });
    expect(events.map((e) => e.event)).toEqual(["Platform.Invoice.Sent"]);
    const quiet = await create(p.headers, { status: "sent", emailSuppressed: true, receiverEmail: "carol@example.com" });
    expect(quiet.emailSuppressed).toBe(true);
    expect(await mails("carol@example.com")).toEqual([]);
  });

  it("the email speaks the invoice's metadata.locale (French here), with the amount and due date in its format", async () => {
    const p = await makePlatform();
    const email = `fr-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const sent = await create(p.headers, { status: "sent", receiverEmail: email, receiverName: "Zoé", metadata: { locale: "fr-CA" } });
    const [mail] = await mails(email);
    const due = new Intl.DateTimeFormat("fr", { dateStyle: "medium", timeZone: "UTC" }).format(new Date("2026-12-20"));
    expect(due).toBe("20 déc. 2026");
    const { chargedCents: charged } = await getDb().invoice.findUniqueOrThrow({ where: { id: sent._id } });
    expect(mail.subject).toBe(
      `Facture ${sent.invoiceNumber} de ${p.business.name} : ${new Intl.NumberFormat("fr", { style: "currency", currency: "USD", currencyDisplay: "code" }).format(Number(charged) / 100)} à payer avant le ${due}`,
    );
    expect(mail.text).toContain("Bonjour Zoé,");
    expect(mail.text).toContain(`Consultez-la et payez-la ici : ${sent.links.invoice}`);
  });

  it("recipientBusinessId: receiverName defaults to the business name; it must exist in this environment", async () => {
    const p = await makePlatform();
    const other = await makePlatform();
    const inv = await create(p.headers, { receiverEmail: undefined, receiverName: undefined, recipientBusinessId: other.business.id });
    expect(inv).toMatchObject({ receiverName: other.business.name, receiverEmail: null, recipientBusinessId: other.business.id });
    const live = await makePlatform({ environment: "live" });
    const res = await call(CREATE, { headers: idem(p.headers), body: body({ receiverEmail: undefined, recipientBusinessId: live.business.id }) });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: "recipientBusinessId", message: expect.stringContaining("no business") }]);
  });

  it.each([
    ["both recipients", { recipientBusinessId: "a".repeat(24) }, "receiverEmail"],
    ["no recipient", { receiverEmail: undefined }, "receiverEmail"],
    ["a malformed business id", { receiverEmail: undefined, recipientBusinessId: "xyz" }, "recipientBusinessId"],
    ["a bad email", { receiverEmail: "nope" }, "receiverEmail"],
    ["dueDate before date", { dueDate: "2026-11-19" }, "dueDate"],
    ["a non-date", { date: "yesterday" }, "date"],
    ["no items", { items: [] }, "items"],
    ["fractions of a cent", { items: [{ description: "x", quantity: 1, rate: 1.001 }] }, "items.0.rate"],
    ["a wrong line amount", { items: [{ description: "x", quantity: 2, rate: 1.5, amount: 4 }] }, "items.0.amount"],
    ["a negative quantity", { items: [{ description: "x", quantity: -1, rate: 1 }] }, "items.0.quantity"],
    ["a fee without recipientWallet", { fees: [{ label: "f", flat: 1 }] }, "fees.0.recipientWallet"],
    ["a fee with neither amount", { fees: [{ label: "f", recipientWallet: WALLET }] }, "fees.0.percentage"],
    ["status paid", { status: "paid" }, "status"],
    ["payToTarget other", { payToTarget: "PLATFORM" }, "payToTarget"],
    ["an unknown field", { colour: "red" }, "colour"],
  ])("400 VALIDATION_ERROR for %s, and nothing is written", async (_, over, field) => {
    const p = await makePlatform();
    const res = await call(CREATE, { headers: idem(p.headers), body: body(over) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("VALIDATION_ERROR");
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await getDb().invoice.count({ where: { businessId: p.business.id } })).toBe(0);
  });

  it("400 INVOICE_TOTAL_MISMATCH beyond 0.01; within 0.01 is accepted", async () => {
    const p = await makePlatform();
    const bad = await call(CREATE, { headers: idem(p.headers), body: body({ expectedTotal: 561.51 }) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "INVOICE_TOTAL_MISMATCH", details: [{ field: "expectedTotal", message: "the computed total is 561.49" }] });
    expect((await call(CREATE, { headers: idem(p.headers), body: body({ expectedTotal: 561.5 }) })).status).toBe(201);
    expect((await call(CREATE, { headers: idem(p.headers), body: body({ expectedTotal: 561.48 }) })).status).toBe(201);
  });

  it("409 INVOICE_NUMBER_TAKEN for a custom number the business already used; another business may use it", async () => {
    const p = await makePlatform();
    await create(p.headers, { invoiceNumber: "ACME-7" });
    const dup = await call(CREATE, { headers: idem(p.headers), body: body({ invoiceNumber: "ACME-7" }) });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("INVOICE_NUMBER_TAKEN");
    const q = await makePlatform();
    expect((await create(q.headers, { invoiceNumber: "ACME-7" })).invoiceNumber).toBe("ACME-7");
  });

  it("an idempotent replay returns the same invoice and creates one; the same key with another body is 422", async () => {
    const p = await makePlatform();
    const headers = idem(p.headers, "inv-key-1");
    const a = await call(CREATE, { headers, body: body() });
    const b = await call(CREATE, { headers, body: body() });
    expect(b.status).toBe(201);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.body._id).toBe(a.body._id);
    expect(await getDb().invoice.count({ where: { businessId: p.business.id } })).toBe(1);
    const c = await call(CREATE, { headers, body: body({ note: "other" }) });
    expect(c.status).toBe(422);
    expect(c.body.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("400 IDEMPOTENCY_KEY_REQUIRED without a key; 401 without a key", async () => {
    const p = await makePlatform();
    expect((await call(CREATE, { headers: p.headers, body: body() })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const res = await call(CREATE, { headers: { "x-target-business-id": p.business.id, "idempotency-key": "k" }, body: body() });
    expect(res.status).toBe(401);
  });
});

describe("auth and scopes on every invoice route", () => {
  const routes = [
    { name: "list", handler: LIST, scope: "invoice:read", opts: () => ({}) },
    { name: "create", handler: CREATE, scope: "invoice:create", opts: () => ({ body: body() }) },
    { name: "get", handler: GET_ONE, scope: "invoice:read", opts: (id: string) => ({ params: { invoiceId: id } }) },
    { name: "put", handler: PUT, scope: "invoice:update", opts: (id: string) => ({ params: { invoiceId: id }, body: { ...body(), fees: undefined } }) },
    { name: "send", handler: SEND, scope: "invoice:send", opts: (id: string) => ({ params: { invoiceId: id } }) },
    { name: "cancel", handler: CANCEL, scope: "invoice:cancel", opts: (id: string) => ({ params: { invoiceId: id } }) },
    { name: "export", handler: EXPORT, scope: "invoice:read", opts: () => ({}) },
  ] as const;

  it.each(routes)("$name: 401 without a key, 401 with a server-kind key string, 400 without X-Target-Business-Id", async ({ handler, opts }) => {
    const p = await makePlatform();
    const inv = await create(p.headers);
    expect((await call(handler, { ...opts(inv._id), headers: { "idempotency-key": "k1", "x-target-business-id": p.business.id } })).status).toBe(401);
    expect((await call(handler, { ...opts(inv._id), headers: { authorization: "Bearer service_server_test_00", "idempotency-key": "k2" } })).status).toBe(401);
    const noTb = await call(handler, { ...opts(inv._id), headers: idem({ authorization: p.headers.authorization }) });
    expect(noTb.status).toBe(400);
    expect(noTb.body.code).toBe("TARGET_BUSINESS_REQUIRED");
  });

  it.each(routes)("$name: 403 INSUFFICIENT_SCOPE when the key, the grant or the platform lacks $scope", async ({ handler, scope, opts }) => {
    const without = (list: string[]) => list.filter((s) => s !== scope);
    for (const [set, setup] of [
      ["key", { keyScopes: without(ALL_SCOPES) }],
      ["grant", { grantScopes: without(BUSINESS_SCOPES) }],
      ["platform", { approvedScopes: without(ALL_SCOPES) }],
    ] as const) {
      const full = await makePlatform();
      const inv = await create(full.headers);
      const p = await makePlatform(setup);
      // point the limited platform at the invoice's business through its own grant when it has one
      const res = await call(handler, { ...opts(inv._id), headers: idem(p.headers) });
      expect(res.status, set).toBe(403);
      expect(res.body.code).toBe("INSUFFICIENT_SCOPE");
      expect(res.body.error).toContain(scope);
    }
  });

  it("403 GRANT_REQUIRED for a business that granted nothing to this platform", async () => {
    const p = await makePlatform();
    const other = await makePlatform();
    const res = await call(LIST, { headers: { ...p.headers, "x-target-business-id": other.business.id } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("GRANT_REQUIRED");
  });
});

describe("GET /v1/platform/invoices and /{invoiceId}", () => {
  it("lists newest first with the status filter and pagination (default limit 50, max 100)", async () => {
    const p = await makePlatform();
    const a = await create(p.headers);
    const b = await create(p.headers, { status: "sent" });
    const c = await create(p.headers);
    const all = await call(LIST, { headers: p.headers });
    expect(all.status).toBe(200);
    expect(all.body.invoices.map((i: { _id: string }) => i._id)).toEqual([c._id, b._id, a._id]);
    expect(all.body.pagination).toEqual({ page: 1, limit: 50, totalCount: 3, totalPages: 1, hasNextPage: false, hasPrevPage: false });
    const sent = await call(LIST, { headers: p.headers, query: { status: "sent" } });
    expect(sent.body.invoices.map((i: { _id: string }) => i._id)).toEqual([b._id]);
    const page2 = await call(LIST, { headers: p.headers, query: { page: 2, limit: 2 } });
    expect(page2.body.invoices.map((i: { _id: string }) => i._id)).toEqual([a._id]);
    expect(page2.body.pagination).toMatchObject({ page: 2, limit: 2, totalCount: 3, totalPages: 2, hasNextPage: false, hasPrevPage: true });
    expect((await call(LIST, { headers: p.headers, query: { limit: 101 } })).status).toBe(400);
    expect((await call(LIST, { headers: p.headers, query: { status: "open" } })).status).toBe(400);
  });

  it("another business's invoice is 404 and absent from lists, even for a platform granted both", async () => {
    const p = await makePlatform();
    const q = await makePlatform();
    const theirs = await create(q.headers);
    const res = await call(GET_ONE, { headers: p.headers, params: { invoiceId: theirs._id } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("INVOICE_NOT_FOUND");
    expect((await call(LIST, { headers: p.headers })).body.invoices).toEqual([]);
    for (const h of [PUT, SEND, CANCEL, PAY]) {
      const r = await call(h, { headers: idem(p.headers), params: { invoiceId: theirs._id }, body: h === PUT ? { ...body(), fees: undefined } : {} });
      expect(r.status).toBe(404);
    }
    expect((await getDb().invoice.findUniqueOrThrow({ where: { id: theirs._id } })).status).toBe("draft");
    expect((await call(GET_ONE, { headers: p.headers, params: { invoiceId: "nope" } })).status).toBe(404);
  });

  it("get returns the same object create returned", async () => {
    const p = await makePlatform();
    const inv = await create(p.headers);
    const res = await call(GET_ONE, { headers: p.headers, params: { invoiceId: inv._id } });
    expect(res.body).toEqual(inv);
  });
});

describe("PUT /v1/platform/invoices/{invoiceId}", () => {
  const put = (headers: Record<string, string>, id: string, over: Record<string, unknown> = {}) =>
    call(PUT, { headers: idem(headers), params: { invoiceId: id }, body: { ...body(over), fees: undefined } });

  it("replaces the invoice: totals recomputed, fee line items kept (amount follows), recipient switch clears the other", async () => {
    const p = await makePlatform();
    const other = await makePlatform();
    const inv = await create(p.headers, { metadata: { a: 1 }, note: "n" });
    const res = await put(p.headers, inv._id, {
      receiverEmail: undefined,
      receiverName: undefined,
      recipientBusinessId: other.business.id,
      items: [{ description: "Only", quantity: 2, rate: 50 }],
      taxAmount: undefined,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: inv._id,
      invoiceNumber: inv.invoiceNumber,
      receiverEmail: null,
      recipientBusinessId: other.business.id,
      receiverName: other.business.name,
      total: 100,
      taxAmount: 0,
      fees: [{ label: "Platform fee", percentage: 2.5, flat: 30, recipientWallet: WALLET, amount: 2.8 }],
      paymentSummary: { invoiceAmount: 100, payerFee: 2.8, totalCharged: 102.8 },
      status: "draft",
      note: "",
      metadata: null,
      publicInvoiceId: inv.publicInvoiceId,
    });
    const row = await getDb().invoice.findUniqueOrThrow({ where: { id: inv._id } });
    expect(row.updatedByKeyId).toBe(inv.createdByKeyId);
    // and back to an email receiver
    const back = await put(p.headers, inv._id, { receiverEmail: "z@example.com", receiverName: "Zed" });
    expect(back.body).toMatchObject({ receiverEmail: "z@example.com", recipientBusinessId: null, receiverName: "Zed" });
  });

  it("400 for fees (fixed at creation) and every create rule; 409 INVOICE_TOTAL_MISMATCH is 400", async () => {
    const p = await makePlatform();
    const inv = await create(p.headers);
    const fees = await call(PUT, { headers: idem(p.headers), params: { invoiceId: inv._id }, body: body() });
    expect(fees.status).toBe(400);
    expect(fees.body.details[0].field).toBe("fees");
    expect((await put(p.headers, inv._id, { dueDate: "2020-01-01" })).body.details[0].field).toBe("dueDate");
    expect((await put(p.headers, inv._id, { expectedTotal: 1 })).body.code).toBe("INVOICE_TOTAL_MISMATCH");
    expect((await put(p.headers, inv._id, { recipientBusinessId: "b".repeat(24) })).status).toBe(400);
    const row = await getDb().invoice.findUniqueOrThrow({ where: { id: inv._id } });
    expect(row.totalCents).toBe(56149n);
  });

  it("status 'sent' sends a draft (email); a sent one cannot go back to draft; paid and cancelled are immutable", async () => {
    const p = await makePlatform();
    const inv = await create(p.headers, { receiverEmail: "put-send@example.com" });
    const sent = await put(p.headers, inv._id, { receiverEmail: "put-send@example.com", status: "sent" });
    expect(sent.body.status).toBe("sent");
    expect(await mails("put-send@example.com")).toHaveLength(1);
    const kept = await put(p.headers, inv._id, { receiverEmail: "put-send@example.com", note: "edited while sent" });
    expect(kept.body).toMatchObject({ status: "sent", note: "edited while sent" });
    expect(await mails("put-send@example.com")).toHaveLength(1); // no second email
    const back = await put(p.headers, inv._id, { status: "draft" });
    expect(back.status).toBe(409);
    expect(back.body.code).toBe("INVOICE_STATE_CONFLICT");
    await call(PAY, { headers: idem(p.headers), params: { invoiceId: inv._id }, body: { method: "card" } });
    const paid = await put(p.headers, inv._id, { note: "too late" });
    expect(paid.status).toBe(409);
    expect(paid.body.error).toContain("paid");
    const c = await create(p.headers);
    await call(CANCEL, { headers: idem(p.headers), params: { invoiceId: c._id } });
    expect((await put(p.headers, c._id)).status).toBe(409);
  });
});

describe("send and cancel", () => {
  it("send: draft → sent with the email and its event; emailSuppressed: no email; a second send is 409", async () => {
    const p = await makePlatform();
    const inv = await create(p.headers, { receiverEmail: "send@example.com" });
    const res = await call(SEND, { headers: idem(p.headers), params: { invoiceId: inv._id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ _id: inv._id, status: "sent", invoiceNumber: inv.invoiceNumber, emailSuppressed: false });
    const [mail] = await mails("send@example.com");
    expect(mail.text).toContain(inv.links.invoice);
    expect(mail.html).toContain("View and pay invoice");
    const again = await call(SEND, { headers: idem(p.headers), params: { invoiceId: inv._id } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("INVOICE_STATE_CONFLICT");
    const quiet = await create(p.headers, { receiverEmail: "quiet@example.com" });
    const q = await call(SEND, { headers: idem(p.headers), params: { invoiceId: quiet._id }, body: { emailSuppressed: true } });
    expect(q.body).toMatchObject({ status: "sent", emailSuppressed: true });
    expect(await mails("quiet@example.com")).toEqual([]);
    expect((await call(GET_ONE, { headers: p.headers, params: { invoiceId: quiet._id } })).body.emailSuppressed).toBe(true);
  });

  it("send to a recipient business mails its members", async () => {
    const p = await makePlatform();
    const other = await makePlatform();
    await getDb().businessMember.create({
      data: {
        id: "c".repeat(24).slice(0, 12) + other.business.id.slice(12),
        businessId: other.business.id,
        email: `owner-${other.business.id}@example.com`,
        isOwner: true,
      },
    });
    const inv = await create(p.headers, { receiverEmail: undefined, recipientBusinessId: other.business.id });
    await call(SEND, { headers: idem(p.headers), params: { invoiceId: inv._id } });
    expect(await mails(`owner-${other.business.id}@example.com`)).toHaveLength(1);
  });

  it("an idempotent replay of send returns the first answer and sends one email", async () => {
    const p = await makePlatform();
    const inv = await create(p.headers, { receiverEmail: "replay@example.com" });
    const h = idem(p.headers, "send-key");
    const a = await call(SEND, { headers: h, params: { invoiceId: inv._id } });
    const b = await call(SEND, { headers: h, params: { invoiceId: inv._id } });
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(await mails("replay@example.com")).toHaveLength(1);
  });

  it("cancel: draft or sent → cancelled with its event; cancelled and paid invoices refuse", async () => {
    const p = await makePlatform();
    const inv = await create(p.headers, { status: "sent" });
    const res = await call(CANCEL, { headers: idem(p.headers), params: { invoiceId: inv._id } });
    expect(res.body).toEqual({ _id: inv._id, status: "cancelled", invoiceNumber: inv.invoiceNumber });
    const events = await getDb().webhookEvent.findMany({ where: { objectId: inv._id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.event)).toEqual(["Platform.Invoice.Sent", "Platform.Invoice.Cancelled"]);
    expect((await call(CANCEL, { headers: idem(p.headers), params: { invoiceId: inv._id } })).status).toBe(409);
    expect((await call(SEND, { headers: idem(p.headers), params: { invoiceId: inv._id } })).status).toBe(409);
    expect((await call(PAY, { headers: idem(p.headers), params: { invoiceId: inv._id }, body: {} })).status).toBe(409);
    const row = await getDb().invoice.findUniqueOrThrow({ where: { id: inv._id } });
    expect(row.cancelledAt).not.toBeNull();
  });
});

describe("POST /v1/test-helpers/invoices/{invoiceId}/pay", () => {
  it("card: sent → paid; the business gets the invoice amount and the fee recipient its fee, in one balanced journal", async () => {
    const p = await makePlatform();
    const inv = await create(p.headers, { status: "sent" });
    const res = await call(PAY, { headers: idem(p.headers), params: { invoiceId: inv._id }, body: { method: "card" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "paid", paymentMethod: "card", paidAt: expect.any(String) });
    const row = await getDb().invoice.findUniqueOrThrow({ where: { id: inv._id } });
    const postings = await getDb().ledgerPosting.findMany({ where: { journalId: row.paymentJournalId! }, include: { account: true } });
    const by = Object.fromEntries(postings.map((x) => [x.account.kind, x.delta]));
    expect(by).toEqual({ processor: -575_830_000n, business: 561_490_000n, fee_recipient: 14_340_000n });
    const biz = postings.find((x) => x.account.kind === "business")!;
    expect(biz.account.ownerRef).toBe(p.business.id);
    expect(biz.account.address).toBe(businessFundingAccount(p.business.id, "test").address);
    const audit = await checkVcLedgerInvariants(getDb(), { asset: "usdc", environment: "test" });
    expect(audit).toMatchObject({ sum: 0n, negativeAccounts: [], driftedAccounts: [], unbalancedJournals: [], miscountedTenants: [], misstatedJournals: [] });
    const events = await getDb().webhookEvent.findMany({ where: { objectId: inv._id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.event)).toEqual(["Platform.Invoice.Sent", "Platform.Invoice.Paid"]);
    expect(JSON.parse(events[1].payload).data).toMatchObject({
      invoiceId: inv._id,
      status: "paid",
      total: 561.49,
      totalCharged: 575.83,
      paymentMethod: "card",
    });
    // paying again changes nothing
    const again = await call(PAY, { headers: idem(p.headers), params: { invoiceId: inv._id }, body: { method: "card" } });
    expect(again.status).toBe(409);
    expect(await getDb().ledgerJournal.count({ where: { reference: inv._id } })).toBe(1);
  });

  it("ach: sent → processing → paid (both events); a draft cannot be paid; a live key gets 404", async () => {
    const p = await makePlatform();
    const inv = await create(p.headers, { status: "sent" });
    const res = await call(PAY, { headers: idem(p.headers), params: { invoiceId: inv._id }, body: { method: "ach" } });
    expect(res.body).toMatchObject({ status: "paid", paymentMethod: "ach" });
    const events = await getDb().webhookEvent.findMany({ where: { objectId: inv._id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.event)).toEqual(["Platform.Invoice.Sent", "Platform.Invoice.Processing", "Platform.Invoice.Paid"]);
    const draft = await create(p.headers);
    const r = await call(PAY, { headers: idem(p.headers), params: { invoiceId: draft._id }, body: {} });
    expect(r.status).toBe(409);
    expect(r.body.error).toContain("draft");
    const live = await makePlatform({ environment: "live" });
    expect((await call(PAY, { headers: idem(live.headers), params: { invoiceId: inv._id }, body: {} })).status).toBe(404);
  });
});

describe("GET /v1/platform/invoices/export", () => {
  it("CSV of the business's invoices, filtered by startDate, endDate and ids", async () => {
    const p = await makePlatform();
    const a = await create(p.headers, { date: "2026-01-05", dueDate: "2026-02-01", receiverName: '=HYPERLINK("x"), "Ltd"' });
    const b = await create(p.headers, { date: "2026-02-10", dueDate: "2026-03-01" });
    const c = await create(p.headers, { date: "2026-03-15", dueDate: "2026-04-01" });
    const other = await makePlatform();
    const theirs = await create(other.headers);
    const all = await call(EXPORT, { headers: p.headers });
    expect(all.status).toBe(200);
    expect(all.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = all.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "invoiceId,invoiceNumber,status,environment,date,dueDate,receiverName,receiverEmail,recipientBusinessId,currency,subtotal,taxAmount,total,payerFee,totalCharged,paymentMethod,sentAt,paidAt,cancelledAt,createdAt",
    );
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([a._id, b._id, c._id]);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x""), ""Ltd"""`);
    expect(lines[2]).toContain(",USD,551.49,10.00,561.49,14.34,575.83,");
    const feb = await call(EXPORT, { headers: p.headers, query: { startDate: "2026-02-01", endDate: "2026-02-10" } });
    expect(
      feb.text
        .trim()
        .split("\r\n")
        .slice(1)
        .map((l) => l.split(",")[0]),
    ).toEqual([b._id]);
    const ids = await call(EXPORT, { headers: p.headers, query: { ids: `${c._id},${theirs._id}` } });
    expect(
      ids.text
        .trim()
        .split("\r\n")
        .slice(1)
        .map((l) => l.split(",")[0]),
    ).toEqual([c._id]);
    const bad = await call(EXPORT, { headers: p.headers, query: { startDate: "2026-03-01", endDate: "2026-02-01" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe("endDate");
    expect((await call(EXPORT, { headers: p.headers, query: { ids: "zz" } })).status).toBe(400);
  });
});
