import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { loadVcParties } from "./load-vc-parties.ts";
import type { CreditBody, LedgerOperationResult } from "./schemas.ts";
import { writeCredits } from "./write-credits.ts";

/**
 * Credits for one game in one transaction (the caller's, or one of their own): per credit its result, or the
 * error it gets (unknown currency or player, a balance out of range), with nothing of that credit written.
 * The parties are read in the transaction, then the credits written (writeCredits). Group commit reads the
 * parties before its transaction and writes on node-postgres (app/api/v1/vc/credits/route.ts, `grouped`).
 */
export const creditMany = (ctx: GameContext, bodies: CreditBody[]): Promise<(LedgerOperationResult | AppError)[]> =>
  inTransaction(ctx.db, async (tx) => {
    const parties = await loadVcParties({ ...ctx, db: tx }, bodies);
    const ok = parties.flatMap((party, i) => (party instanceof AppError ? [] : [{ i, credit: { body: bodies[i], party } }]));
    const written = await writeCredits(
      tx,
      ok.map((o) => o.credit),
    );
    // a refused credit keeps its error; the others get what was written
    const results: (LedgerOperationResult | AppError)[] = parties.map((p) => (p instanceof AppError ? p : (undefined as never)));
    ok.forEach(({ i }, j) => (results[i] = written[j]));
    return results;
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_VC_PARTIES_ERRORS } from "./load-vc-parties.ts";
import { WRITE_CREDITS_ERRORS } from "./write-credits.ts";
export const CREDIT_MANY_ERRORS = [...WRITE_CREDITS_ERRORS, ...LOAD_VC_PARTIES_ERRORS] as const satisfies readonly ErrorCode[];
