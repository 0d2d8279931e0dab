import { groupCommitInFlight, groupCommitMaxBatch } from "../config/settings.ts";
import type { ServiceContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { inPgTransaction } from "../db/pg-transaction.ts";
import type { SqlClient } from "../db/transaction.ts";
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

type Prepared = { value: unknown };
type Settled = { ok: IdempotentOutcome } | { error: unknown };
const settle = (p: Promise<IdempotentOutcome>): Promise<Settled> =>
  p.then(
    (ok) => ({ ok }),
    (error) => ({ error }),
  );

/** A route's `grouped` services (lib/http/route.ts): reads before the group's transaction, writes in it. */
export type GroupedService = {
  prepare: (calls: { ctx: ServiceContext; body: unknown }[]) => Promise<unknown[]>;
  write: (tx: SqlClient, calls: { ctx: ServiceContext; body: unknown; prepared: unknown }[]) => Promise<unknown[]>;
};

/**
 * The kernel's side of group commit for one route (lib/core/group-commit.ts). A batch of one (no company)
 * runs `alone`, exactly as without grouping. A larger batch is prepared (the service's reads and checks,
 * outside any transaction) and then written in one node-postgres transaction (lib/db/pg-transaction.ts): the
 * keys are claimed together (a replay or an idempotency error answers that call only), `write` runs the new
 * calls that prepared without an error, and the success answers are stored together; a call the service
 * refused with an AppError gets its error, nothing of it written or stored. When the batch fails (a bug, a
 * lost connection, a retried deadlock), each call falls back to running alone, so no call fails for another's
 * sake, and its claim finds the stored answer if the failure came after a commit.
 */
export const runGrouped = (service: GroupedService, storedOf: (out: unknown) => StoredResponse) => {
  /** the service's prepare, checked: one answer a call, each boxed (so "not prepared" is undefined) */
  const prepareCalls = async (calls: GroupedCall[]): Promise<Prepared[]> => {
    const prepared = await service.prepare(calls.map((c) => ({ ctx: c.ctx, body: c.body })));
    if (prepared.length !== calls.length) throw new Error(`prepare returned ${prepared.length} answers for ${calls.length} calls.`);
    return prepared.map((value) => ({ value }));
  };

  /** prepares the calls the pipeline did not prepare ahead, then writes them all together */
  const writeTogether = async (calls: GroupedCall[], ahead: (Prepared | undefined)[]): Promise<Settled[]> => {
    const missing = calls.flatMap((_, i) => (ahead[i] ? [] : [i]));
    const late = missing.length === 0 ? [] : await prepareCalls(missing.map((i) => calls[i]));
    const boxed = [...ahead];
    missing.forEach((i, j) => (boxed[i] = late[j]));
    const prepared = boxed.map((b) => b!.value);
    return inPgTransaction(async (tx) => {
      const claims = await claimKeys(
        tx,
        calls.map((c) => c.claim),
      );
      const settled: Settled[] = claims.map((c, i) =>
        c instanceof AppError
          ? { error: c }
          : c !== null
            ? { ok: { response: c, replayed: true } }
            : prepared[i] instanceof AppError
              ? { error: prepared[i] }
              : { error: null },
      );
      const fresh = calls.flatMap((_, i) => (claims[i] === null && !(prepared[i] instanceof AppError) ? [i] : []));
      const outs =
        fresh.length === 0
          ? []
          : await service.write(
              tx,
              fresh.map((i) => ({ ctx: calls[i].ctx, body: calls[i].body, prepared: prepared[i] })),
            );
      if (outs.length !== fresh.length) throw new Error(`write returned ${outs.length} answers for ${fresh.length} calls.`);
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
  };

  const batcher = createGroupCommit<GroupedCall, Settled, Prepared>({
    maxBatch: () => groupCommitMaxBatch(),
    maxInFlight: () => groupCommitInFlight(),
    // the next batch's reads while the current one's transaction runs
    prepare: prepareCalls,
    run: async (calls, ahead) => {
      if (calls.length === 1) return [await settle(calls[0].alone())];
      try {
        return await writeTogether(calls, ahead);
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
