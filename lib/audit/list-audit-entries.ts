// One page of a business's audit log, newest first, with the filters of audit-filters.ts. Pages are cut by
// a cursor (the last row's time and id), so rows written while someone pages never shift or repeat a page.
import type { DbContext } from "../core/context.ts";
import { auditWhere, type AuditQuery } from "./audit-filters.ts";

export const AUDIT_PAGE_SIZE = 50;

const encodeCursor = (row: { createdAt: Date; id: string }) => Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");

/** The cursor's (time, id), or null when it is not one this service made. */
export const decodeCursor = (cursor: string): { createdAt: Date; id: string } | null => {
  if (!cursor || cursor.length > 200) return null;
  const [at, id, extra] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (extra !== undefined || !id || Number.isNaN(createdAt.getTime()) || id.includes("\u0000")) return null;
  return { createdAt, id };
};

export type AuditRow = {
  id: string;
  createdAt: Date;
  environment: "test" | "live";
  actorType: string;
  actorId: string;
  actorLabel: string;
  action: string;
  objectType: string;
  objectId: string;
  requestId: string;
  details: unknown;
};

export const listAuditEntries = async (
  { db }: DbContext,
  input: AuditQuery & { cursor?: string; limit?: number },
): Promise<{ entries: AuditRow[]; nextCursor: string | null }> => {
  const limit = Math.min(Math.max(input.limit ?? AUDIT_PAGE_SIZE, 1), 1000);
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await db.auditEntry.findMany({
    where: {
      AND: [auditWhere(input), ...(after ? [{ OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }] : [])],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const entries = rows.slice(0, limit) as AuditRow[];
  return { entries, nextCursor: rows.length > limit ? encodeCursor(entries[entries.length - 1]!) : null };
};
