import { newId } from "../db/ids.ts";
import type { DbClient } from "../db/transaction.ts";
import { accountKey, type AccountSpec, type LedgerScope } from "./types.ts";

/** The distinct specs, sorted by (kind, ownerRef), so concurrent first uses insert in one order. */
export const distinctAccounts = (accounts: AccountSpec[]): AccountSpec[] => {
  const byKey = new Map(accounts.map((a) => [accountKey(a), a]));
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, a]) => a);
};

/**
 * Creates the accounts that do not exist yet (balance 0), in one statement. An existing account is left
 * as it is: INSERT ... ON CONFLICT DO NOTHING takes no lock on it.
 */
export const ensureAccounts = async (db: DbClient, { asset, environment, accounts }: Omit<LedgerScope, "tenantId"> & { accounts: AccountSpec[] }): Promise<void> => {
  const specs = distinctAccounts(accounts);
  if (specs.length === 0) return;
  await db.$executeRaw`
    INSERT INTO "LedgerAccount" ("id", "asset", "environment", "kind", "ownerRef", "address", "allowNegative", "balance", "createdAt", "updatedAt")
    SELECT t.id, ${asset}, ${environment}::"Environment", t.kind, t.owner, t.address, t.neg, 0, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
    FROM unnest(${specs.map(() => newId())}::text[], ${specs.map((s) => s.kind)}::text[], ${specs.map((s) => s.ownerRef)}::text[],
                ${specs.map((s) => s.address)}::text[], ${specs.map((s) => s.allowNegative)}::boolean[]) WITH ORDINALITY AS t(id, kind, owner, address, neg, ord)
    ORDER BY t.ord
    ON CONFLICT ("asset", "environment", "kind", "ownerRef") DO NOTHING`;
};
