import type { GameContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { creditMany } from "./credit-many.ts";
import type { CreditBody, LedgerOperationResult } from "./schemas.ts";

/** Moves units from the currency's treasury pool (an issuer, may go negative) to a linked player. */
export const credit = async (ctx: GameContext, body: CreditBody): Promise<LedgerOperationResult> => {
  const [result] = await creditMany(ctx, [body]);
  if (result instanceof AppError) throw result;
  return result;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CREDIT_MANY_ERRORS } from "./credit-many.ts";
export const CREDIT_ERRORS = [...CREDIT_MANY_ERRORS] as const satisfies readonly ErrorCode[];
