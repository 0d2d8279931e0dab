// /portal/{businessId}/audit (audit:read): one page of the business's audit log in the selected
// environment (business-level changes show in both), newest first, filtered as the search parameters say.
import type { Environment } from "../core/environment.ts";
import { parseAuditFilters } from "../audit/audit-filters.ts";
import { listAuditEntries } from "../audit/list-audit-entries.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

type Params = Record<string, string | string[] | undefined>;

export const loadPortalAudit = async (ctx: PortalContext, input: { businessId: string; environment: Environment; params: Params }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "audit:read" });
  const { filters, raw, invalid } = parseAuditFilters(input.params);
  const cursor = typeof input.params.cursor === "string" ? input.params.cursor : undefined;
  const page = await listAuditEntries(ctx, { businessId: input.businessId, environment: input.environment, filters, cursor });
  return { member, ...page, raw, invalid, paged: Boolean(cursor) };
};
