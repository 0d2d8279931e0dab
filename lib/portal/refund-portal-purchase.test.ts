// The player page's Refund action against PostgreSQL, as the server action calls it (ctx = the database and the
// signed-in member): finance, admin and owner refund (the same service as the API, with an audit entry); developer and
// viewer get 403 PORTAL_ROLE_REQUIRED, another business's member 404, nobody 401, a purchase of another business's game
// 404; bad input 400 naming the field; nothing changed by any refusal. The player page offers the form only to those
// who may use it.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createPurchase } from "@/lib/purchases/create-purchase";
import { completePurchase } from "@/lib/purchases/complete-purchase";
import { linkUser } from "@/tests/support/fixtures";
import { as, makePortalTenant } from "@/tests/support/portal";
import { makeProductRow } from "@/tests/support/purchases";
import { loadPortalPlayer } from "./load-portal-player";
import { can } from "./permissions";
import { refundPortalPurchase } from "./refund-portal-purchase";

const db = getDb();

const setup = async () => {
  const t = await makePortalTenant();
  const userRef = await linkUser(t.game.id);
  const item = await makeProductRow(t.game.id, { priceCents: 800, fulfillmentType: "WEBHOOK" });
  const buy = async () => {
    const p = await createPurchase({ db }, { gameId: t.game.id, environment: "test", productId: item.id, userRef, method: "card" });
    return completePurchase({ db }, { purchaseId: p.id, paymentProvider: "sandbox" });
  };
  const otherUser = await linkUser(t.otherGame.id);
  const otherItem = await makeProductRow(t.otherGame.id, { priceCents: 800, fulfillmentType: "WEBHOOK" });
  const op = await createPurchase({ db }, { gameId: t.otherGame.id, environment: "test", productId: otherItem.id, userRef: otherUser, method: "card" });
  const otherPurchase = await completePurchase({ db }, { purchaseId: op.id, paymentProvider: "sandbox" });
  return { ...t, userRef, buy, otherPurchase };
};

describe("refundPortalPurchase", () => {
  it("finance, admin and owner refund (in part, then the rest) with an audit entry; the refund says portal", async () => {
    const t = await setup();
    for (const who of ["finance", "admin", "owner"] as const) {
      const p = await t.buy();
      const part = await refundPortalPurchase(as(t[who]), { businessId: t.business.id, purchaseId: p.id, amount: "300", reason: "duplicate", note: "" });
      expect(part.data.purchase).toEqual({ _id: p.id, status: "partially_refunded", amount: 800, refundedAmount: 300 });
      const rest = await refundPortalPurchase(as(t[who]), { businessId: t.business.id, purchaseId: p.id, amount: "", reason: "other", note: "by phone" });
      expect(rest.data.refund).toMatchObject({ amount: 500, reason: "other", note: "by phone", provider: "sandbox" });
      expect(await db.refund.findMany({ where: { objectId: p.id }, select: { source: true } })).toEqual([{ source: "portal" }, { source: "portal" }]);
      const audit = await db.auditEntry.findMany({ where: { objectId: p.id, action: "purchase.refunded" } });
      expect(audit).toHaveLength(2);
    }
  });

  it("developer and viewer 403, a stranger 404, signed out 401, another business's purchase 404, bad input 400: nothing changed", async () => {
    const t = await setup();
    const p = await t.buy();
    const params = { businessId: t.business.id, purchaseId: p.id, amount: "", reason: "other", note: "" };
    for (const who of ["developer", "viewer"] as const)
      await expect(refundPortalPurchase(as(t[who]), params), who).rejects.toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    await expect(refundPortalPurchase(as(t.stranger), params)).rejects.toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    await expect(refundPortalPurchase(as(null), params)).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    await expect(refundPortalPurchase(as(t.finance), { ...params, purchaseId: t.otherPurchase.id })).rejects.toMatchObject({
      code: "PURCHASE_NOT_FOUND",
      status: 404,
    });
    await expect(refundPortalPurchase(as(t.finance), { ...params, reason: "whim" })).rejects.toMatchObject({ code: "VALIDATION_ERROR", status: 400 });
    await expect(refundPortalPurchase(as(t.finance), { ...params, amount: "-4" })).rejects.toMatchObject({ code: "VALIDATION_ERROR", status: 400 });
    await expect(refundPortalPurchase(as(t.finance), { ...params, amount: "801" })).rejects.toMatchObject({ code: "REFUND_EXCEEDS_PAYMENT", status: 422 });
    expect(await db.refund.count({ where: { objectId: { in: [p.id, t.otherPurchase.id] } } })).toBe(0);
    expect((await db.purchase.findUniqueOrThrow({ where: { id: p.id } })).status).toBe("completed");
  });

  it("the player page gives the Refund form only to members who may refund", async () => {
    const t = await setup();
    await t.buy();
    for (const [who, may] of [
      ["finance", true],
      ["admin", true],
      ["owner", true],
      ["developer", false],
      ["viewer", false],
    ] as const) {
      const { member } = await loadPortalPlayer(as(t[who]), { businessId: t.business.id, userRef: t.userRef });
      expect(can(member.permissions, "refunds:write"), who).toBe(may);
    }
  });

  it("the player page says which purchases are disputed at Stripe (open, won, lost); the others say null", async () => {
    const t = await setup();
    const [a, b, c, d] = [await t.buy(), await t.buy(), await t.buy(), await t.buy()];
    await db.purchase.update({ where: { id: a.id }, data: { disputeStatus: "open" } });
    await db.purchase.update({ where: { id: b.id }, data: { disputeStatus: "won" } });
    await db.purchase.update({ where: { id: d.id }, data: { disputeStatus: "lost" } });
    const { links } = await loadPortalPlayer(as(t.viewer), { businessId: t.business.id, userRef: t.userRef });
    const shown = Object.fromEntries(links[0].game!.purchases.map((p) => [p._id, p.disputeStatus]));
    expect(shown).toEqual({ [a.id]: "open", [b.id]: "won", [c.id]: null, [d.id]: "lost" });
    // an open dispute refuses a refund from the portal as from the API: the dispute decides
    await expect(
      refundPortalPurchase(as(t.finance), { businessId: t.business.id, purchaseId: a.id, amount: "", reason: "other", note: "" }),
    ).rejects.toMatchObject({ code: "PURCHASE_NOT_REFUNDABLE", status: 409 });
  });
});
