import type { DbClient } from "../db/transaction.ts";
import type { LedgerScope } from "./types.ts";

export type AccountBalance = { balance: bigint; updatedAt: Date | null; address: string | null; exists: boolean };

/**
 * The balance of one account without locking it; an account that was never used holds 0. An issuer's
 * balance is the sum of its slots (lib/ledger/slots.ts); any other account has one row.
 */
export const getAccountBalance = async (
  db: DbClient,
  { asset, environment, kind, ownerRef }: Omit<LedgerScope, "tenantId"> & { kind: string; ownerRef: string },
): Promise<AccountBalance> => {
  const rows = await db.ledgerAccount.findMany({ where: { asset, environment, kind, ownerRef }, select: { balance: true, updatedAt: true, address: true } });
  if (rows.length === 0) return { balance: 0n, updatedAt: null, address: null, exists: false };
  return {
    balance: rows.reduce((sum, r) => sum + r.balance, 0n),
    updatedAt: rows.reduce((latest, r) => (r.updatedAt > latest ? r.updatedAt : latest), rows[0].updatedAt),
    address: rows[0].address,
    exists: true,
  };
};
