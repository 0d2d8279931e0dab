// The audit log's "Export CSV" (audit:read, checked before anything is read): every entry the filters
// select, newest first, as CSV lines read from the database a page at a time, so a long log streams
// without being held in memory.
import type { Environment } from "../core/environment.ts";
import { auditCsvHeader, auditCsvRow } from "../audit/audit-csv.ts";
import { parseAuditFilters } from "../audit/audit-filters.ts";
import { listAuditEntries } from "../audit/list-audit-entries.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

type Params = Record<string, string | string[] | undefined>;

const BATCH = 500;

export const exportPortalAudit = async (ctx: PortalContext, input: { businessId: string; environment: Environment; params: Params }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "audit:read" });
  const { filters } = parseAuditFilters(input.params);
  const query = { businessId: input.businessId, environment: input.environment, filters };
  async function* lines(): AsyncGenerator<string> {
    yield auditCsvHeader();
    let cursor: string | undefined;
    do {
      const page = await listAuditEntries(ctx, { ...query, cursor, limit: BATCH });
      for (const e of page.entries) yield auditCsvRow(e);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  const day = new Date().toISOString().slice(0, 10);
  return { fileName: `audit-${member.business.id}-${input.environment}-${day}.csv`, lines: lines() };
};
