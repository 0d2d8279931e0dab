// Enrolment, step two: the first code from the app proves it holds the pending secret. The secret becomes the
// operator's (sealed), its time step the last one used, and ten recovery codes are made: returned this once
// (only their hashes are stored). Throttled like every code (check-operator-code.ts); written to the operator
// audit log.
import type { DbContext } from "../core/context.ts";
import type { Operator } from "../db/generated/client.ts";
import { recordOperatorAction } from "../audit/record-operator-action.ts";
import { checkOperatorCode } from "./check-operator-code.ts";
import { newRecoveryCodes } from "./recovery-codes.ts";
import { openTotpSecret } from "./sealed-secret.ts";
import { matchTotpStep } from "./totp.ts";

export const confirmTotpEnrolment = async (
  ctx: DbContext,
  { operator, code, now = new Date() }: { operator: Operator; code: string; now?: Date },
): Promise<{ recoveryCodes: string[] }> =>
  checkOperatorCode(ctx, {
    operatorId: operator.id,
    now,
    match: async (tx) => {
      const secret = openTotpSecret(operator.pendingTotpSecret, operator.id);
      const step = secret && !operator.totpEnrolledAt ? matchTotpStep(secret, code, { at: now, afterStep: null }) : null;
      if (step === null) return null;
      const { codes, hashes } = newRecoveryCodes();
      // conditional on the pending secret the code matched: of two confirmations at once, one enrols
      const { count } = await tx.db.operator.updateMany({
        where: { id: operator.id, totpEnrolledAt: null, pendingTotpSecret: operator.pendingTotpSecret },
        data: { totpSecret: operator.pendingTotpSecret, pendingTotpSecret: null, totpEnrolledAt: now, lastTotpStep: step, recoveryCodeHashes: hashes },
      });
      if (count === 0) return null;
      await recordOperatorAction(tx, { operatorEmail: operator.email, action: "operator.totp.enrolled", objectType: "operator", objectId: operator.id });
      return { recoveryCodes: codes };
    },
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CHECK_OPERATOR_CODE_ERRORS } from "./check-operator-code.ts";
export const CONFIRM_TOTP_ENROLMENT_ERRORS = [...CHECK_OPERATOR_CODE_ERRORS] as const satisfies readonly ErrorCode[];
