import { groupCommitInFlight, groupCommitMaxBatch } from "../config/settings.ts";
import type { ServiceContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { createGroupCommit } from "../core/group-commit.ts";
import { claimKeys, storeResponses, type KeyClaim, type StoredResponse } from "./idempotency.ts";

/** What an idempotent call answers: its response, and whether it was replayed from the stored one. */
export type IdempotentOutcome = { response: StoredResponse; replayed: boolean };

/** One call of a route with `grouped`, as the kernel hands it over. */
export type GroupedCall = {
  claim: KeyClaim;
  ctx: ServiceContext;
  body: unknown;
  /** the call on its own, as a route without `grouped` runs it (own transaction, claim, handler, store) */
  alone: () => Promise<IdempotentOutcome>;
};

type Settled = { ok: IdempotentOutcome } | { error: unknown };
const settle = (p: Promise<IdempotentOutcome>): Promise<Settled> =>
  p.then(
    (ok) => ({ ok }),
    (error) => ({ error }),
  );

/**
 * The kernel's side of group commit for one route (lib/core/group-commit.ts). A batch of one (no company)
 * runs `alone`, exactly as without grouping. A larger batch runs in one transaction: the keys are claimed
 * together (a replay or an idempotency error answers that call only), `grouped` runs the new calls, and
 * the success answers are stored together; a call the service refused with an AppError gets its error,
 * nothing of it written or stored. When the batch transaction itself fails (a bug, a lost connection, a
 * retried deadlock), each call falls back to running alone, so no call fails for another's sake, and
 * its claim finds the stored answer if the failure came after a commit.
 */
export const runGrouped = (grouped: (calls: { ctx: ServiceContext; body: unknown }[]) => Promise<unknown[]>, storedOf: (out: unknown) => StoredResponse) => {
  const writeTogether = (calls: GroupedCall[]): Promise<Settled[]> =>
    inTransaction(undefined, async (tx) => {
      const claims = await claimKeys(
        tx,
        calls.map((c) => c.claim),
      );
      const settled: Settled[] = claims.map((c) =>
        c === null ? { error: null } : c instanceof AppError ? { error: c } : { ok: { response: c, replayed: true } },
      );
      const fresh = calls.flatMap((c, i) => (claims[i] === null ? [i] : []));
      const outs = fresh.length === 0 ? [] : await grouped(fresh.map((i) => ({ ctx: { ...calls[i].ctx, db: tx }, body: calls[i].body })));
      if (outs.length !== fresh.length) throw new Error(`grouped returned ${outs.length} answers for ${fresh.length} calls.`);
      const stored: (KeyClaim & { response: StoredResponse })[] = [];
      fresh.forEach((i, j) => {
        const out = outs[j];
        if (out instanceof AppError) settled[i] = { error: out };
        else {
          const response = storedOf(out);
          settled[i] = { ok: { response, replayed: false } };
          stored.push({ ...calls[i].claim, response });
        }
      });
      if (stored.length > 0) await storeResponses(tx, stored);
      return settled;
    });

  const batcher = createGroupCommit<GroupedCall, Settled>({
    maxBatch: () => groupCommitMaxBatch(),
    maxInFlight: () => groupCommitInFlight(),
    run: async (calls) => {
      if (calls.length === 1) return [await settle(calls[0].alone())];
      try {
        return await writeTogether(calls);
      } catch {
        return Promise.all(calls.map((c) => settle(c.alone())));
      }
    },
  });

  return {
    /** Resolves with this call's answer, or throws the error its request should answer with. */
    submit: async (group: string, call: GroupedCall): Promise<IdempotentOutcome> => {
      const settled = await batcher.submit(group, call);
      if ("error" in settled) throw settled.error;
      return settled.ok;
    },
    pending: batcher.pending,
  };
};
