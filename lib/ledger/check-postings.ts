import { AppError } from "../core/errors.ts";
import { accountKey, type AccountSpec, type LockedAccount, type PostingInput } from "./types.ts";

/** A bug in a caller of the engine (never a client error): it surfaces as a 500. */
export class LedgerInvariantError extends Error {}

/** Throws unless there are at least two postings, none moves zero, and they sum to zero. */
export const checkPostings = (postings: PostingInput[]): void => {
  if (postings.length < 2) throw new LedgerInvariantError(`A journal needs at least two postings, got ${postings.length}.`);
  let sum = 0n;
  for (const p of postings) {
    if (p.delta === 0n) throw new LedgerInvariantError(`A posting to ${p.account.kind} ${p.account.ownerRef} moves zero.`);
    sum += p.delta;
  }
  if (sum !== 0n) throw new LedgerInvariantError(`Journal postings sum to ${sum}, not zero.`);
};

export type AccountNet = { account: AccountSpec; net: bigint };

/** The net change per account; one account may appear in several postings (e.g. a batch). */
export const netByAccount = (postings: PostingInput[]): Map<string, AccountNet> => {
  const nets = new Map<string, AccountNet>();
  for (const p of postings) {
    const key = accountKey(p.account);
    const entry = nets.get(key);
    if (entry) entry.net += p.delta;
    else nets.set(key, { account: p.account, net: p.delta });
  }
  return nets;
};

const describeAccount = (a: { kind: string; ownerRef: string }) =>
  a.kind === "user" ? `User ${JSON.stringify(a.ownerRef)}` : `The ${a.kind} account ${JSON.stringify(a.ownerRef)}`;

/** 422 INSUFFICIENT_FUNDS when a non-issuer account would go below zero, naming it and the amounts. */
export const assertFunds = (locked: Omit<LockedAccount, "slot">[], nets: Map<string, AccountNet>, unitLabel = "units"): void => {
  const refused = fundsError(locked, nets, unitLabel);
  if (refused) throw refused;
};

/** The INSUFFICIENT_FUNDS error assertFunds throws, or null when every account can pay its part. */
export const fundsError = (locked: Omit<LockedAccount, "slot">[], nets: Map<string, AccountNet>, unitLabel = "units"): AppError | null => {
  for (const row of locked) {
    const net = nets.get(accountKey(row))?.net ?? 0n;
    if (row.allowNegative || row.balance + net >= 0n) continue;
    return new AppError("INSUFFICIENT_FUNDS", `${describeAccount(row)} has ${row.balance} ${unitLabel}; this operation needs ${-net}.`);
  }
  return null;
};

/** A balance is a PostgreSQL bigint. */
const MAX_BALANCE = 2n ** 63n - 1n;
const MIN_BALANCE = -(2n ** 63n);

/** 422 AMOUNT_OUT_OF_RANGE when a balance would leave the range it can hold, or null. */
export const rangeError = (locked: Omit<LockedAccount, "slot">[], nets: Map<string, AccountNet>): AppError | null => {
  for (const row of locked) {
    const after = row.balance + (nets.get(accountKey(row))?.net ?? 0n);
    if (after > MAX_BALANCE || after < MIN_BALANCE) return new AppError("AMOUNT_OUT_OF_RANGE", "The amount is out of the range a balance can hold.");
  }
  return null;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const CHECK_POSTINGS_ERRORS = ["AMOUNT_OUT_OF_RANGE", "INSUFFICIENT_FUNDS"] as const satisfies readonly ErrorCode[];
