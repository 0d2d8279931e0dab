// The throttled check of one second-factor code, shared by enrolment (the first code, against the pending
// secret) and sign-in (a TOTP code or a recovery code): the operator's throttle row is locked, a locked
// operator gets its 429, the code is matched, and a wrong one is counted, all in one transaction that is
// committed before the refusal is thrown (so the count holds).
import type { DbContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction, type TxContext } from "../db/transaction.ts";
import { assertNotLocked, clearEvents, lockThrottles, recordEvents } from "../auth/sign-in-throttle.ts";
import { OPERATOR_CODE_RULE } from "./code-throttle.ts";

export const wrongCode = () =>
  new AppError("OPERATOR_CODE_INVALID", "That code is not right, or was already used. Type the current code from your authenticator app.");

/**
 * Runs `match` under the operator's throttle: its result when not null (the count cleared), else the
 * failure counted and OPERATOR_CODE_INVALID thrown. `match` writes what a good code changes, on `tx`.
 */
export const checkOperatorCode = async <T>(
  ctx: DbContext,
  { operatorId, now, match }: { operatorId: string; now: Date; match: (tx: TxContext) => Promise<T | null> },
): Promise<T> => {
  const out = await inTransaction(ctx.db, async (tx) => {
    const rows = await lockThrottles({ db: tx }, { entries: [{ rule: OPERATOR_CODE_RULE, value: operatorId }] });
    assertNotLocked(rows, now);
    const result = await match({ db: tx });
    if (result === null) {
      await recordEvents({ db: tx }, { rows, now });
      return { ok: false as const };
    }
    await clearEvents({ db: tx }, { rule: OPERATOR_CODE_RULE, value: operatorId });
    return { ok: true as const, result };
  });
  if (!out.ok) throw wrongCode();
  return out.result;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { SIGN_IN_THROTTLE_ERRORS } from "../auth/sign-in-throttle.ts";
export const CHECK_OPERATOR_CODE_ERRORS = ["OPERATOR_CODE_INVALID", ...SIGN_IN_THROTTLE_ERRORS] as const satisfies readonly ErrorCode[];
