import type { DbClient } from "../db/transaction.ts";
import type { AccountSpec, LedgerScope, LockedAccount } from "./types.ts";

/**
 * Locks the named accounts FOR UPDATE in one query, in id order: every transaction takes its row locks
 * in the same order, so two journals over the same accounts never deadlock. Returns the rows.
 */
export const lockAccounts = (db: DbClient, { asset, environment, accounts }: Omit<LedgerScope, "tenantId"> & { accounts: AccountSpec[] }): Promise<LockedAccount[]> =>
  db.$queryRaw<LockedAccount[]>`
    SELECT a."id", a."kind", a."ownerRef", a."balance", a."allowNegative"
    FROM "LedgerAccount" a
    JOIN unnest(${accounts.map((s) => s.kind)}::text[], ${accounts.map((s) => s.ownerRef)}::text[]) AS k(kind, owner)
      ON a."kind" = k.kind AND a."ownerRef" = k.owner
    WHERE a."asset" = ${asset} AND a."environment" = ${environment}::"Environment"
    ORDER BY a."id"
    FOR UPDATE OF a`;
