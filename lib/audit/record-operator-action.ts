// The operator console's audit log: one OperatorAction row for every operator action (who, when, what, why),
// written in the action's own transaction. `npm run operator` writes its changes with operatorEmail "cli".
// A change to a business is also written to the business's own audit log (recordAudit) by the action itself.
import type { DbContext } from "../core/context.ts";
import { newId } from "../db/ids.ts";

export type OperatorActionInput = {
  /** the operator's email, or "cli" */
  operatorEmail: string;
  /** verb-like: "business.activation.approved", "platform.scopes.approved", "compliance.moved", "operator.added" */
  action: string;
  objectType: string;
  objectId: string;
  /** why: the operator's note ("" when the action needs none) */
  reason?: string;
  /** details without secrets */
  details?: Record<string, unknown>;
};

/** Writes one operator action on `ctx.db` (pass the action's transaction so both land together). */
export const recordOperatorAction = async ({ db }: DbContext, input: OperatorActionInput): Promise<void> => {
  await db.operatorAction.create({
    data: {
      id: newId(),
      operatorEmail: input.operatorEmail,
      action: input.action,
      objectType: input.objectType,
      objectId: input.objectId,
      reason: input.reason ?? "",
      details: (input.details ?? undefined) as object | undefined,
    },
  });
};
