// `npm run operator -- add EMAIL` (never the web): names the email an operator; an OperatorAction by "cli" in
// the same transaction. The verified account with that email then signs in to /operator and enrols TOTP.
import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { recordOperatorAction } from "../audit/record-operator-action.ts";
import { newId } from "../db/ids.ts";
import { operatorEmailOf } from "./operator-email.ts";

/** Names `email` an operator; null when it already is one (nothing written). */
export const addOperator = async (ctx: DbContext, { email }: { email: string }) => {
  const normalized = operatorEmailOf(email);
  return inTransaction(ctx.db, async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "Operator" ("id", "email") VALUES (${newId()}, ${normalized}) ON CONFLICT ("email") DO NOTHING RETURNING "id"`;
    if (!rows[0]) return null;
    await recordOperatorAction(
      { db: tx },
      { operatorEmail: "cli", action: "operator.added", objectType: "operator", objectId: rows[0].id, details: { email: normalized } },
    );
    return { id: rows[0].id, email: normalized };
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { OPERATOR_EMAIL_ERRORS } from "./operator-email.ts";
export const ADD_OPERATOR_ERRORS = [...OPERATOR_EMAIL_ERRORS] as const satisfies readonly ErrorCode[];
