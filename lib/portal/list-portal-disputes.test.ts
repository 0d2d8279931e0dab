// The disputes page's loader against PostgreSQL: the business's open disputes of the environment, soonest evidence
// due date first, with Stripe's dashboard link; closed ones and another business's are not listed; who reads the
// ledger sees them, a stranger gets 404 and nobody signed in 401.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { as, makePortalTenant } from "@/tests/support/portal";
import { listPortalDisputes } from "./list-portal-disputes";

const db = getDb();
let n = 0;
const dispute = (businessId: string, over: Record<string, unknown> = {}) =>
  db.dispute.create({
    data: {
      id: `dp_${++n}_${Date.now()}`,
      paymentIntentId: `pi_${n}`,
      objectType: "purchase",
      objectId: `p_${n}`,
      businessId,
      environment: "test",
      amountCents: 1250n,
      currency: "USD",
      reason: "fraudulent",
      status: "needs_response",
      evidenceDueBy: new Date("2026-12-20T00:00:00Z"),
      ...over,
    },
  });

describe("listPortalDisputes", () => {
  it("lists open disputes, soonest due first, with Stripe's page; closed, live and other businesses' are left out", async () => {
    const t = await makePortalTenant();
    const later = await dispute(t.business.id);
    const sooner = await dispute(t.business.id, { evidenceDueBy: new Date("2026-12-05T00:00:00Z"), objectType: "invoice", objectId: "inv_1" });
    await dispute(t.business.id, { status: "won", closedAt: new Date() });
    await dispute(t.business.id, { environment: "live" });
    await dispute(t.other.id);
    const { items } = await listPortalDisputes(as(t.finance), { businessId: t.business.id, environment: "test" });
    expect(items).toEqual([
      expect.objectContaining({ id: sooner.id, objectType: "invoice", objectId: "inv_1", evidenceDueBy: "2026-12-05T00:00:00.000Z", amountCents: "1250" }),
      expect.objectContaining({ id: later.id, status: "needs_response", stripeUrl: `https://dashboard.stripe.com/test/disputes/${later.id}` }),
    ]);
    const live = await listPortalDisputes(as(t.admin), { businessId: t.business.id, environment: "live" });
    expect(live.items.map((d) => d.stripeUrl)).toEqual([expect.stringMatching(/^https:\/\/dashboard\.stripe\.com\/disputes\/dp_/)]);
  });

  it("every role that reads the ledger sees it; a stranger 404; signed out 401", async () => {
    const t = await makePortalTenant();
    await dispute(t.business.id);
    for (const who of ["owner", "admin", "developer", "finance", "viewer"] as const)
      expect((await listPortalDisputes(as(t[who]), { businessId: t.business.id, environment: "test" })).items, who).toHaveLength(1);
    await expect(listPortalDisputes(as(t.stranger), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject({ status: 404 });
    await expect(listPortalDisputes(as(null), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject({ status: 401 });
  });
});
