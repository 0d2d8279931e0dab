// The operator console's one way to change something, beside the portal's portalCommand: in order
//   1. the guard (require-operator.ts): anyone but a signed-in operator who passed the second factor gets
//      404 NOT_FOUND, before the form is even read;
//   2. the form, parsed once with its zod schema (400 VALIDATION_ERROR naming each field); a decision's
//      schema carries the required "why" (OperatorNote);
//   3. the service, in one transaction with the operator's context (`ctx.db` the transaction): the service
//      writes its own OperatorAction (recordOperatorAction) there, so the change and its audit row land together.
// The command is `(req, params) => result`, called by the server actions in app/operator/**.
import { z } from "zod";
import type { OperatorContext } from "../core/context.ts";
import { parseOrThrow } from "../core/validation.ts";
import { inTransaction } from "../db/transaction.ts";
import { requireOperator, type OperatorRequest } from "./require-operator.ts";

/** The operator's "why": required on every decision, kept in the operator audit log (and shown to the business when it must act). */
export const OperatorNote = z
  .string({ error: "Write why (it is kept in the operator audit log)." })
  .trim()
  .min(1, { error: "Write why (it is kept in the operator audit log)." })
  .max(2000, { error: "The note is too long: at most 2000 characters." });

export type OperatorCommandDefinition<P, S extends z.ZodType, R> = {
  /** the form schema: what the server action passed (the bound ids and the form's fields) */
  input: S;
  /** the service; `ctx.db` is the command's transaction */
  run: (ctx: OperatorContext, input: z.output<S>, params: P) => Promise<R>;
};

export const operatorCommand =
  <P extends object, S extends z.ZodType, R>(def: OperatorCommandDefinition<P, S, R>) =>
  async (req: OperatorRequest, params: P): Promise<R> => {
    const operator = await requireOperator(req);
    const input = parseOrThrow(def.input, params, "body");
    return inTransaction(req.db, (tx) => def.run({ db: tx, actor: operator.actor }, input, params));
  };

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { VALIDATION_ERRORS } from "../core/validation.ts";
import { REQUIRE_OPERATOR_ERRORS } from "./require-operator.ts";
export const OPERATOR_COMMAND_ERRORS = [...REQUIRE_OPERATOR_ERRORS, ...VALIDATION_ERRORS] as const satisfies readonly ErrorCode[];
