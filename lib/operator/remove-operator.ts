// `npm run operator -- remove EMAIL`: the operator row goes, and its second factor with it (secret, recovery
// codes); the guard reads the row on every request, so the console is closed to them at their next click.
// An OperatorAction by "cli" in the same transaction.
import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { recordOperatorAction } from "../audit/record-operator-action.ts";
import { operatorEmailOf } from "./operator-email.ts";

/** Removes the operator `email` and its second factor; null when there is none. */
export const removeOperator = async (ctx: DbContext, { email }: { email: string }) => {
  const normalized = operatorEmailOf(email);
  return inTransaction(ctx.db, async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; enrolled: boolean }[]>`
      DELETE FROM "Operator" WHERE "email" = ${normalized} RETURNING "id", "totpEnrolledAt" IS NOT NULL AS "enrolled"`;
    if (!rows[0]) return null;
    await recordOperatorAction(
      { db: tx },
      {
        operatorEmail: "cli",
        action: "operator.removed",
        objectType: "operator",
        objectId: rows[0].id,
        details: { email: normalized, hadSecondFactor: rows[0].enrolled },
      },
    );
    return { id: rows[0].id, email: normalized };
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { OPERATOR_EMAIL_ERRORS } from "./operator-email.ts";
export const REMOVE_OPERATOR_ERRORS = [...OPERATOR_EMAIL_ERRORS] as const satisfies readonly ErrorCode[];
