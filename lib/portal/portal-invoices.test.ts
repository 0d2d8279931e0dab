// The portal's invoices (issue 31) against PostgreSQL, as its pages and server action call them (ctx = the database
// and the signed-in member): the list and the invoice page show only this business's invoices in the environment
// asked for (another business's invoice, or the other environment's, is 404); the Refund action is the platform API's
// own service with source "portal" for finance, admin and owner only (developer and viewer 403, nothing refunded);
// more than is left is refused with nothing changed; a part then the rest makes the invoice refunded; a form sent
// twice refunds once.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { Prisma } from "@/lib/db/generated/client";
import { makePlatform } from "@/tests/support/fixtures";
import { makeSentInvoice } from "@/tests/support/invoices";
import { as, makePortalMembers } from "@/tests/support/portal";
import { listPortalInvoices, pageOf } from "./list-portal-invoices";
import { loadPortalInvoice } from "./load-portal-invoice";
import { can } from "./permissions";
import { centsOfDollars, refundPortalInvoice } from "./refund-portal-invoice";

const db = getDb();
const WALLET = "0x" + "ab".repeat(20);

/** A sent invoice of $100 with a $2 flat fee (charged $102), paid by card in test mode when `pay`. */
const makeInvoice = (p: { headers: Record<string, string> }, { pay = true, receiverName = "Ada Buyer" } = {}) =>
  makeSentInvoice(p, { pay, receiverName, fees: [{ label: "Platform fee", flat: 200, recipientWallet: WALLET }] });

/** The same business's invoice as a live one (a copy of the row): only ?env=live shows it. */
const liveCopyOf = async (invoiceId: string) => {
  const row = await db.invoice.findUniqueOrThrow({ where: { id: invoiceId } });
  const copy = await db.invoice.create({
    data: {
      ...row,
      id: newId(),
      publicId: `inv_live_${newId()}`,
      invoiceNumber: `${row.invoiceNumber}-LIVE`,
      environment: "live",
      items: row.items as Prisma.InputJsonValue,
      fees: row.fees as Prisma.InputJsonValue,
      metadata: row.metadata === null ? Prisma.DbNull : (row.metadata as Prisma.InputJsonValue),
    },
  });
  return copy.id;
};

const setup = async () => {
  const p = await makePlatform();
  const other = await makePlatform();
  const members = await makePortalMembers(p.business.id, other.business.id);
  const paid = await makeInvoice(p);
  const unpaid = await makeInvoice(p, { pay: false, receiverName: "Bob Waiting" });
  const live = await liveCopyOf(paid.id);
  const foreign = await makeInvoice(other);
  return { ...members, businessId: p.business.id, paid, unpaid, live, foreign };
};

const stateOf = async (invoiceId: string) => ({
  refundedCents: (await db.invoice.findUniqueOrThrow({ where: { id: invoiceId } })).refundedCents,
  refunds: await db.refund.count({ where: { objectType: "invoice", objectId: invoiceId } }),
  journals: await db.ledgerJournal.count({ where: { reference: invoiceId, type: "invoice_refund" } }),
});

describe("listPortalInvoices and loadPortalInvoice", () => {
  it("list only this business's invoices in the environment asked for, with their states and amounts, to every reader", async () => {
    const t = await setup();
    const test = await listPortalInvoices(as(t.viewer), { businessId: t.businessId, environment: "test", page: 1 });
    expect(test.items.map((i) => [i.id, i.receiverName, i.status, i.totalCents, i.chargedCents, i.refundedCents])).toEqual([
      [t.unpaid.id, "Bob Waiting", "sent", 10000, 10200, 0],
      [t.paid.id, "Ada Buyer", "paid", 10000, 10200, 0],
    ]);
    expect([test.totalCount, test.hasPrevPage, test.hasNextPage]).toEqual([2, false, false]);
    const live = await listPortalInvoices(as(t.developer), { businessId: t.businessId, environment: "live", page: 1 });
    expect(live.items.map((i) => i.id)).toEqual([t.live]);
    expect((await listPortalInvoices(as(t.finance), { businessId: t.businessId, environment: "test", page: 2 })).items).toEqual([]);
    await expect(listPortalInvoices(as(t.stranger), { businessId: t.businessId, environment: "test", page: 1 })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
      status: 404,
    });
    await expect(listPortalInvoices(as(null), { businessId: t.businessId, environment: "test", page: 1 })).rejects.toMatchObject({ status: 401 });
    expect([pageOf("3"), pageOf("0"), pageOf("-2"), pageOf("x"), pageOf(undefined), pageOf(["2"])]).toEqual([3, 1, 1, 1, 1, 1]);
  });

  it("another business's invoice, the other environment's, or a made-up id is 404 on the invoice page", async () => {
    const t = await setup();
    const load = (invoiceId: string, environment: "test" | "live" = "test") =>
      loadPortalInvoice(as(t.owner), { businessId: t.businessId, environment, invoiceId });
    for (const [id, env] of [
      [t.foreign.id, "test"],
      [t.live, "test"],
      [t.paid.id, "live"],
      ["0".repeat(24), "test"],
      ["../x", "test"],
    ] as const)
      await expect(load(id, env), `${id} ${env}`).rejects.toMatchObject({ code: "INVOICE_NOT_FOUND", status: 404 });
    const { invoice } = await load(t.paid.id);
    expect(invoice).toMatchObject({ id: t.paid.id, status: "paid", chargedCents: 10200, refundedCents: 0, leftCents: 10200, refundable: true, refunds: [] });
    expect((await load(t.unpaid.id)).invoice).toMatchObject({ status: "sent", refundable: false });
    // the stranger is an admin elsewhere: the business itself is 404 to them
    await expect(loadPortalInvoice(as(t.stranger), { businessId: t.businessId, environment: "test", invoiceId: t.paid.id })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
    });
  });
});

describe("refundPortalInvoice", () => {
  const form = (t: { businessId: string }, invoiceId: string, over: Record<string, string> = {}) => ({
    businessId: t.businessId,
    environment: "test" as const,
    invoiceId,
    amount: "",
    reason: "requested_by_customer",
    note: "",
    refundedBefore: "0",
    ...over,
  });

  it("a part then the rest: partially refunded, then refunded, each refund listed with its member; then nothing is left", async () => {
    const t = await setup();
    const part = await refundPortalInvoice(as(t.finance), form(t, t.paid.id, { amount: "51,00", reason: "duplicate", note: "Billed twice" }));
    expect(part.data.invoice).toEqual({ _id: t.paid.id, status: "paid", chargedCents: 10200, refundedCents: 5100 });
    expect(part.data.refund).toMatchObject({ object: "invoice", amount: 5100, reason: "duplicate", note: "Billed twice", provider: "sandbox" });
    let page = (await loadPortalInvoice(as(t.viewer), { businessId: t.businessId, environment: "test", invoiceId: t.paid.id })).invoice;
    expect(page).toMatchObject({ status: "partially_refunded", refundedCents: 5100, leftCents: 5100, refundable: true });

    const rest = await refundPortalInvoice(as(t.admin), form(t, t.paid.id, { reason: "other", refundedBefore: "5100" }));
    expect(rest.data.invoice).toEqual({ _id: t.paid.id, status: "paid", chargedCents: 10200, refundedCents: 10200 });
    expect(rest.data.refund.amount).toBe(5100);
    page = (await loadPortalInvoice(as(t.viewer), { businessId: t.businessId, environment: "test", invoiceId: t.paid.id })).invoice;
    expect(page).toMatchObject({ status: "refunded", refundedCents: 10200, leftCents: 0, refundable: false });
    expect(page.refunds.map((r) => [r.amountCents, r.reason, r.note, r.source, r.by])).toEqual([
      [5100, "duplicate", "Billed twice", "portal", t.finance.email],
      [5100, "other", null, "portal", t.admin.email],
    ]);
    const list = await listPortalInvoices(as(t.viewer), { businessId: t.businessId, environment: "test", page: 1 });
    expect(list.items.find((i) => i.id === t.paid.id)).toMatchObject({ status: "refunded", refundedCents: 10200 });
    const audit = await db.auditEntry.findMany({ where: { objectId: t.paid.id, action: "invoice.refunded" }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.actorLabel, (a.details as { amount: number }).amount])).toEqual([
      [t.finance.email, 5100],
      [t.admin.email, 5100],
    ]);

    const none = await stateOf(t.paid.id);
    await expect(refundPortalInvoice(as(t.owner), form(t, t.paid.id, { amount: "1", refundedBefore: "10200" }))).rejects.toMatchObject({
      code: "INVOICE_NOT_REFUNDABLE",
      status: 409,
    });
    expect(await stateOf(t.paid.id)).toEqual(none);
  });

  it("developer and viewer 403, a stranger 404, nobody 401, another business's or the live invoice 404: nothing refunded", async () => {
    const t = await setup();
    const before = await stateOf(t.paid.id);
    for (const who of ["developer", "viewer"] as const) {
      await expect(refundPortalInvoice(as(t[who]), form(t, t.paid.id)), who).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
      const { member } = await loadPortalInvoice(as(t[who]), { businessId: t.businessId, environment: "test", invoiceId: t.paid.id });
      expect(can(member.permissions, "refunds:write"), who).toBe(false);
    }
    for (const who of ["finance", "admin", "owner"] as const) {
      const { member } = await loadPortalInvoice(as(t[who]), { businessId: t.businessId, environment: "test", invoiceId: t.paid.id });
      expect(can(member.permissions, "refunds:write"), who).toBe(true);
    }
    await expect(refundPortalInvoice(as(t.stranger), form(t, t.paid.id))).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(refundPortalInvoice(as(null), form(t, t.paid.id))).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    await expect(refundPortalInvoice(as(t.finance), form(t, t.foreign.id))).rejects.toMatchObject({ code: "INVOICE_NOT_FOUND", status: 404 });
    await expect(refundPortalInvoice(as(t.finance), form(t, t.live))).rejects.toMatchObject({ code: "INVOICE_NOT_FOUND", status: 404 });
    expect(await stateOf(t.paid.id)).toEqual(before);
    expect(before).toEqual({ refundedCents: 0n, refunds: 0, journals: 0 });
    expect(await stateOf(t.foreign.id)).toEqual({ refundedCents: 0n, refunds: 0, journals: 0 });
    expect(await stateOf(t.live)).toEqual({ refundedCents: 0n, refunds: 0, journals: 0 });
  });

  it("more than is left, an unpaid invoice, a bad amount or reason: refused, nothing changed", async () => {
    const t = await setup();
    await refundPortalInvoice(as(t.finance), form(t, t.paid.id, { amount: "2.00" }));
    const before = await stateOf(t.paid.id);
    expect(before).toEqual({ refundedCents: 200n, refunds: 1, journals: 1 });
    await expect(refundPortalInvoice(as(t.finance), form(t, t.paid.id, { amount: "100.01", refundedBefore: "200" }))).rejects.toMatchObject({
      code: "REFUND_EXCEEDS_PAYMENT",
      status: 422,
      message: expect.stringContaining("10000 of 10200 cents"),
    });
    await expect(refundPortalInvoice(as(t.finance), form(t, t.unpaid.id))).rejects.toMatchObject({ code: "INVOICE_NOT_REFUNDABLE", status: 409 });
    for (const amount of ["abc", "0", "1.234", "-5", "1e3"])
      await expect(refundPortalInvoice(as(t.finance), form(t, t.paid.id, { amount, refundedBefore: "200" })), amount).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
        status: 400,
        details: [{ field: "amount", message: expect.any(String) }],
      });
    await expect(refundPortalInvoice(as(t.finance), form(t, t.paid.id, { reason: "whim", refundedBefore: "200" }))).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
    await expect(refundPortalInvoice(as(t.finance), form(t, t.paid.id, { refundedBefore: "" }))).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await stateOf(t.paid.id)).toEqual(before);
    expect(await stateOf(t.unpaid.id)).toEqual({ refundedCents: 0n, refunds: 0, journals: 0 });
  });

  it("the same form sent twice (one after the other, or at once) refunds once", async () => {
    const t = await setup();
    const sent = form(t, t.paid.id, { amount: "10" });
    await refundPortalInvoice(as(t.finance), sent);
    await expect(refundPortalInvoice(as(t.finance), sent)).rejects.toMatchObject({ code: "REFUND_FORM_STALE", status: 409 });
    expect(await stateOf(t.paid.id)).toEqual({ refundedCents: 1000n, refunds: 1, journals: 1 });

    const again = form(t, t.paid.id, { amount: "10", refundedBefore: "1000" });
    const both = await Promise.allSettled([refundPortalInvoice(as(t.finance), again), refundPortalInvoice(as(t.owner), again)]);
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((both.find((r) => r.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ code: "REFUND_FORM_STALE" });
    expect(await stateOf(t.paid.id)).toEqual({ refundedCents: 2000n, refunds: 2, journals: 2 });
  });

  it("reads dollars as a member types them", () => {
    expect(["12", "12.5", "12,50", "1 234.00", "$3", "", "  ", "0.07"].map(centsOfDollars)).toEqual([1200, 1250, 1250, 123400, 300, "", "", 7]);
    expect(["abc", "1.234", "-1", "1e3", "12.", ".5"].map(centsOfDollars)).toEqual([null, null, null, null, null, null]);
  });
});
