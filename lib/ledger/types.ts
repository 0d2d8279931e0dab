// Types of the double-entry engine. Amounts are bigint in the asset's smallest unit (VC units, USDC
// micro-units); an account is named by (asset, environment, kind, ownerRef).
import type { Environment } from "../core/environment.ts";
import type { Prisma } from "../db/generated/client.ts";

/** How a posting names its account. The account row is created on first use from this spec. */
export type AccountSpec = {
  /** pool | user | issuer | campaign | business ... */
  kind: string;
  /** userRef, currency id (pool), campaign id, business id, mint name */
  ownerRef: string;
  /** custody address (0x + 40 hex) */
  address: string;
  /** only issuers (a VC pool, the test USDC mint) may go negative */
  allowNegative: boolean;
};

export type PostingInput = { account: AccountSpec; delta: bigint; description: string };

/** Where a journal lives: the asset, the environment and the tenant that owns the movement. */
export type LedgerScope = {
  /** "vc:<currencyId>" or "usdc" */
  asset: string;
  environment: Environment;
  /** the game for VC journals, the business for USDC movements */
  tenantId: string;
};

export type JournalInput = LedgerScope & {
  type: string;
  reference?: string | null;
  metadata?: Record<string, unknown> | null;
  postings: PostingInput[];
  /** how amounts read in error messages ("units", "USDC micro-units") */
  unitLabel?: string;
  /** what the journal's owner keeps beside it, written in the journal's own statement (see JournalCompanion) */
  companion?: JournalCompanion;
};

/** A journal as the write statement stores it: its id, its createdAt (the transaction's time, to the
 *  millisecond, as the column keeps it) and its postings with their ids (ascending in the order given). */
export type WrittenJournal = LedgerScope & {
  id: string;
  type: string;
  reference: string | null;
  createdAt: Date;
  postings: (PostingInput & { id: string })[];
};

/**
 * A write the owner of a journal adds to the ledger's write statement, so that what it keeps beside the journal
 * (a listing row, say) is written with it, all of it or none, with no round trip of its own. Given the journals
 * of the group that carry this companion, it returns one data-modifying statement (an INSERT), which the
 * ledger runs as one more WITH query of its write; it may reference the journal rows by id (the statement's
 * foreign keys are checked at its end). The ledger knows nothing of what it writes. One function for every
 * journal that shares it: journals are grouped by the function's identity, one statement per function.
 */
export type JournalCompanion = (journals: WrittenJournal[]) => Prisma.Sql;

/** An account spec and the row of it that a journal writes: slot 0, or one of an issuer's slots. */
export type SlottedAccount = AccountSpec & { slot: number };

/** An account row as locked for a journal (for an issuer, one of its slots). */
export type LockedAccount = { id: string; kind: string; ownerRef: string; slot: number; balance: bigint; allowNegative: boolean };

export type PostedJournal = {
  journalId: string;
  createdAt: Date;
  /** every touched account row with its balance after the journal; for an issuer that is the balance
   *  of the one slot written, not the issuer's balance (the sum of its slots) */
  accounts: LockedAccount[];
  /** the posted lines, in the order given */
  postings: PostingInput[];
};

/** The journal types the VC API writes. */
export const VC_JOURNAL_TYPES = ["credit", "debit", "batch", "cashout"] as const;
export type VcJournalType = (typeof VC_JOURNAL_TYPES)[number];

export const accountKey = (a: { kind: string; ownerRef: string }): string => `${a.kind}\u0000${a.ownerRef}`;
