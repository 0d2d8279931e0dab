// The second factor at sign-in: a TOTP code of the enrolled secret (±1 step, never a step at or before the
// last one accepted), or one of the recovery codes (each good once). Both are conditional writes, so of two
// requests racing with one code exactly one passes. Throttled (check-operator-code.ts); each pass is written
// to the operator audit log with how it was made.
import type { DbContext } from "../core/context.ts";
import type { Operator } from "../db/generated/client.ts";
import { recordOperatorAction } from "../audit/record-operator-action.ts";
import { checkOperatorCode } from "./check-operator-code.ts";
import { hashRecoveryCode, isRecoveryCodeShape } from "./recovery-codes.ts";
import { openTotpSecret } from "./sealed-secret.ts";
import { matchTotpStep } from "./totp.ts";

export type SecondFactorPass = { method: "totp" | "recovery_code"; recoveryCodesLeft: number };

export const verifySecondFactor = async (
  ctx: DbContext,
  { operator, code, now = new Date() }: { operator: Operator; code: string; now?: Date },
): Promise<SecondFactorPass> =>
  checkOperatorCode(ctx, {
    operatorId: operator.id,
    now,
    match: async (tx) => {
      if (!operator.totpEnrolledAt) return null;
      let pass: SecondFactorPass | null = null;
      if (isRecoveryCodeShape(code)) {
        const hash = hashRecoveryCode(code);
        const rows = await tx.db.$queryRaw<{ left: number }[]>`
          UPDATE "Operator" SET "recoveryCodeHashes" = array_remove("recoveryCodeHashes", ${hash})
          WHERE "id" = ${operator.id} AND ${hash} = ANY("recoveryCodeHashes")
          RETURNING cardinality("recoveryCodeHashes") AS "left"`;
        if (rows[0]) pass = { method: "recovery_code", recoveryCodesLeft: Number(rows[0].left) };
      } else {
        const secret = openTotpSecret(operator.totpSecret, operator.id);
        const fresh = await tx.db.operator.findUnique({ where: { id: operator.id }, select: { lastTotpStep: true, recoveryCodeHashes: true } });
        const step = secret && fresh ? matchTotpStep(secret, code, { at: now, afterStep: fresh.lastTotpStep }) : null;
        if (step !== null) {
          const { count } = await tx.db.operator.updateMany({
            where: { id: operator.id, OR: [{ lastTotpStep: null }, { lastTotpStep: { lt: step } }] },
            data: { lastTotpStep: step },
          });
          if (count === 1) pass = { method: "totp", recoveryCodesLeft: fresh!.recoveryCodeHashes.length };
        }
      }
      if (!pass) return null;
      await recordOperatorAction(tx, {
        operatorEmail: operator.email,
        action: pass.method === "totp" ? "operator.signed_in" : "operator.signed_in_with_recovery_code",
        objectType: "operator",
        objectId: operator.id,
        details: pass.method === "recovery_code" ? { recoveryCodesLeft: pass.recoveryCodesLeft } : undefined,
      });
      return pass;
    },
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CHECK_OPERATOR_CODE_ERRORS } from "./check-operator-code.ts";
export const VERIFY_SECOND_FACTOR_ERRORS = [...CHECK_OPERATOR_CODE_ERRORS] as const satisfies readonly ErrorCode[];
