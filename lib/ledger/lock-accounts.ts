import type { SqlClient } from "../db/transaction.ts";
import type { LedgerScope, LockedAccount, SlottedAccount } from "./types.ts";

/**
 * Locks the named account rows FOR UPDATE in one query, all of them or none: when any row does not
 * exist yet it locks nothing and returns [] (the caller creates the missing rows, holding no lock, and
 * calls again). Rows are locked in one global order: every non-issuer row by id, then the issuer slots
 * by id. Every transaction takes its row locks in that order, so two journals never deadlock, and the
 * hot issuer slot is locked last, never held while waiting for a player's row. Returns the rows, and the
 * transaction's time (PostgreSQL's now(), in UTC, to the millisecond as a timestamp(3) column keeps it: the
 * createdAt the journal written next in this transaction gets; null when nothing was locked).
 */
export const lockAccounts = async (
  db: SqlClient,
  { asset, environment, accounts }: Omit<LedgerScope, "tenantId"> & { accounts: SlottedAccount[] },
): Promise<{ rows: LockedAccount[]; now: Date | null }> => {
  const rows = await db.$queryRaw<(LockedAccount & { now: Date })[]>`
    WITH found AS (
      SELECT a."id" FROM "LedgerAccount" a
      JOIN unnest(${accounts.map((s) => s.kind)}::text[], ${accounts.map((s) => s.ownerRef)}::text[], ${accounts.map((s) => s.slot)}::int[]) AS k(kind, owner, slot)
        ON a."kind" = k.kind AND a."ownerRef" = k.owner AND a."slot" = k.slot
      WHERE a."asset" = ${asset} AND a."environment" = ${environment}::"Environment"
    )
    SELECT a."id", a."kind", a."ownerRef", a."slot", a."balance", a."allowNegative", (now() AT TIME ZONE 'UTC')::timestamp(3) AS "now"
    FROM "LedgerAccount" a
    WHERE a."id" IN (SELECT "id" FROM found) AND (SELECT count(*) FROM found) = ${accounts.length}
    ORDER BY a."allowNegative", a."id"
    FOR UPDATE OF a`;
  return { rows: rows.map(({ now: _, ...row }) => row), now: rows[0]?.now ?? null };
};
