import type { Environment } from "../core/environment.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export type PortalDispute = {
  id: string;
  objectType: "purchase" | "invoice";
  objectId: string;
  amountCents: string;
  currency: string;
  reason: string;
  status: string;
  evidenceDueBy: string | null;
  createdAt: string;
  /** Stripe's own page of the dispute */
  stripeUrl: string;
};

/** Stripe's dashboard page of a dispute (test-mode objects live under /test). */
export const stripeDisputeUrl = (id: string, environment: Environment) =>
  `https://dashboard.stripe.com/${environment === "test" ? "test/" : ""}disputes/${encodeURIComponent(id)}`;

/**
 * The business's open Stripe disputes in `environment` (charge.dispute.* events: lib/refunds/record-dispute.ts), the
 * soonest evidence due date first, with a link to Stripe's page where the evidence is sent. Members who read the ledger.
 */
export const listPortalDisputes = async (ctx: PortalContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "ledger:read" });
  const rows = await ctx.db.dispute.findMany({
    where: { businessId, environment, closedAt: null },
    orderBy: [{ evidenceDueBy: { sort: "asc", nulls: "last" } }, { createdAt: "asc" }],
    take: 200,
  });
  const items: PortalDispute[] = rows.map((d) => ({
    id: d.id,
    objectType: d.objectType as "purchase" | "invoice",
    objectId: d.objectId,
    amountCents: d.amountCents.toString(),
    currency: d.currency,
    reason: d.reason,
    status: d.status,
    evidenceDueBy: d.evidenceDueBy?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    stripeUrl: stripeDisputeUrl(d.id, environment),
  }));
  return { member, items };
};
