import type { DbClient } from "../db/transaction.ts";
import type { LedgerScope } from "./types.ts";

export type AccountBalance = { balance: bigint; updatedAt: Date | null; address: string | null; exists: boolean };

/** The balance of one account without locking it; an account that was never used holds 0. */
export const getAccountBalance = async (
  db: DbClient,
  { asset, environment, kind, ownerRef }: Omit<LedgerScope, "tenantId"> & { kind: string; ownerRef: string },
): Promise<AccountBalance> => {
  const row = await db.ledgerAccount.findUnique({
    where: { asset_environment_kind_ownerRef: { asset, environment, kind, ownerRef } },
    select: { balance: true, updatedAt: true, address: true },
  });
  return row ? { ...row, exists: true } : { balance: 0n, updatedAt: null, address: null, exists: false };
};
