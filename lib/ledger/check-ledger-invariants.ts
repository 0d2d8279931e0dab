import type { DbClient } from "../db/transaction.ts";
import type { LedgerScope } from "./types.ts";

export type LedgerAudit = {
  /** sum of every balance of the asset, issuers included: 0 when the books balance */
  sum: bigint;
  accountCount: number;
  journalCount: number;
  /** non-issuer accounts below zero */
  negativeAccounts: string[];
  /** accounts whose balance differs from the sum of their postings */
  driftedAccounts: string[];
  /** journals whose postings do not sum to zero */
  unbalancedJournals: string[];
  /** tenants whose journal count (LedgerJournalCount, read for totals) differs from their journals */
  miscountedTenants: string[];
};

/**
 * Audits one asset in one environment: the books balance (sum of balances = 0), no non-issuer is
 * negative, each balance equals the sum of its postings, each journal sums to zero, and the journal counts
 * are right. What a journal's owner keeps beside it (a companion) is the owner's to audit: the VC entries,
 * lib/vc/check-vc-journal-entries.ts.
 */
export const checkLedgerInvariants = async (db: DbClient, { asset, environment }: Omit<LedgerScope, "tenantId">): Promise<LedgerAudit> => {
  const [totals] = await db.$queryRaw<{ sum: bigint | null; accounts: bigint; journals: bigint }[]>`
    SELECT (SELECT sum("balance")::bigint FROM "LedgerAccount" WHERE "asset" = ${asset} AND "environment" = ${environment}::"Environment") AS sum,
           (SELECT count(*) FROM "LedgerAccount" WHERE "asset" = ${asset} AND "environment" = ${environment}::"Environment") AS accounts,
           (SELECT count(*) FROM "LedgerJournal" WHERE "asset" = ${asset} AND "environment" = ${environment}::"Environment") AS journals`;
  const accounts = await db.$queryRaw<{ id: string; negative: boolean; drifted: boolean }[]>`
    SELECT a."id", (a."balance" < 0 AND NOT a."allowNegative") AS negative,
           a."balance" <> COALESCE((SELECT sum(p."delta") FROM "LedgerPosting" p WHERE p."accountId" = a."id"), 0) AS drifted
    FROM "LedgerAccount" a WHERE a."asset" = ${asset} AND a."environment" = ${environment}::"Environment"`;
  const unbalanced = await db.$queryRaw<{ id: string }[]>`
    SELECT j."id" FROM "LedgerJournal" j JOIN "LedgerPosting" p ON p."journalId" = j."id"
    WHERE j."asset" = ${asset} AND j."environment" = ${environment}::"Environment"
    GROUP BY j."id" HAVING sum(p."delta") <> 0`;
  const miscounted = await db.$queryRaw<{ tenantId: string }[]>`
    SELECT coalesce(j."tenantId", c."tenantId") AS "tenantId"
    FROM (SELECT "tenantId", count(*) AS n FROM "LedgerJournal" WHERE "asset" = ${asset} AND "environment" = ${environment}::"Environment" GROUP BY "tenantId") j
    FULL JOIN (SELECT "tenantId", sum("count") AS n FROM "LedgerJournalCount" WHERE "asset" = ${asset} AND "environment" = ${environment}::"Environment" GROUP BY "tenantId") c
      ON c."tenantId" = j."tenantId"
    WHERE coalesce(j.n, 0) <> coalesce(c.n, 0)`;
  return {
    sum: totals.sum ?? 0n,
    accountCount: Number(totals.accounts),
    journalCount: Number(totals.journals),
    negativeAccounts: accounts.filter((a) => a.negative).map((a) => a.id),
    driftedAccounts: accounts.filter((a) => a.drifted).map((a) => a.id),
    unbalancedJournals: unbalanced.map((j) => j.id),
    miscountedTenants: miscounted.map((m) => m.tenantId),
  };
};

/** Whether an audit found nothing wrong. */
export const auditHolds = (a: LedgerAudit): boolean =>
  a.sum === 0n && a.negativeAccounts.length === 0 && a.driftedAccounts.length === 0 && a.unbalancedJournals.length === 0 && a.miscountedTenants.length === 0;
