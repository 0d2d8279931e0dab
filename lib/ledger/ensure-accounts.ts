import { newId } from "../db/ids.ts";
import type { SqlClient } from "../db/transaction.ts";
import { LedgerInvariantError } from "./check-postings.ts";
import { accountKey, type AccountSpec, type LedgerScope } from "./types.ts";

/** The distinct specs, sorted by (kind, ownerRef), so concurrent first uses insert in one order. */
export const distinctAccounts = <A extends AccountSpec>(accounts: A[]): A[] => {
  const byKey = new Map(accounts.map((a) => [accountKey(a), a]));
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, a]) => a);
};

/**
 * Creates the account rows that do not exist yet (balance 0), in one statement: slot 0, or the given
 * slot of an issuer (only an issuer has slots: a non-issuer's funds check must see its one row). An
 * existing row is left as it is: INSERT ... ON CONFLICT DO NOTHING takes no lock on it.
 */
export const ensureAccounts = async (
  db: SqlClient,
  { asset, environment, accounts }: Omit<LedgerScope, "tenantId"> & { accounts: (AccountSpec & { slot?: number })[] },
): Promise<void> => {
  const specs = distinctAccounts(accounts);
  if (specs.length === 0) return;
  const slotted = specs.find((s) => (s.slot ?? 0) !== 0 && !s.allowNegative);
  if (slotted) throw new LedgerInvariantError(`Only an issuer has slots; ${slotted.kind} ${slotted.ownerRef} asked for slot ${slotted.slot}.`);
  await db.$executeRaw`
    INSERT INTO "LedgerAccount" ("id", "asset", "environment", "kind", "ownerRef", "slot", "address", "allowNegative", "balance", "createdAt", "updatedAt")
    SELECT t.id, ${asset}, ${environment}::"Environment", t.kind, t.owner, t.slot, t.address, t.neg, 0, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
    FROM unnest(${specs.map(() => newId())}::text[], ${specs.map((s) => s.kind)}::text[], ${specs.map((s) => s.ownerRef)}::text[], ${specs.map((s) => s.slot ?? 0)}::int[],
                ${specs.map((s) => s.address)}::text[], ${specs.map((s) => s.allowNegative)}::boolean[]) WITH ORDINALITY AS t(id, kind, owner, slot, address, neg, ord)
    ORDER BY t.ord
    ON CONFLICT ("asset", "environment", "kind", "ownerRef", "slot") DO NOTHING`;
};
