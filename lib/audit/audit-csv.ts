// The audit log as CSV (RFC 4180): a header row, then one row per entry. Every cell is quoted when it holds
// a comma, a quote or a line break (quotes doubled), and a cell a spreadsheet would run as a formula (it
// starts with = + - @, a tab or a carriage return) gets a leading apostrophe, so opening an export never
// runs what a key's label or an object id said.
import type { AuditRow } from "./list-audit-entries.ts";

export const AUDIT_CSV_COLUMNS = ["time", "environment", "actor_type", "actor", "actor_id", "action", "object_type", "object_id", "request_id", "details"];

/** One cell: neutralized when it could start a formula, quoted when it must be. */
export const csvCell = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export const csvLine = (cells: string[]) => `${cells.map(csvCell).join(",")}\r\n`;

export const auditCsvHeader = () => csvLine(AUDIT_CSV_COLUMNS);

export const auditCsvRow = (e: AuditRow) =>
  csvLine([
    e.createdAt.toISOString(),
    e.environment,
    e.actorType,
    e.actorLabel,
    e.actorId,
    e.action,
    e.objectType,
    e.objectId,
    e.requestId,
    e.details === null || e.details === undefined ? "" : JSON.stringify(e.details),
  ]);
