// The business row locked for an activation change: a draft, a document added or removed, and a submission of
// one business run one after the other, so no document slips in after the application was submitted and the
// document cap cannot be passed by two uploads at once.
import { AppError, type ErrorCode } from "../core/errors.ts";
import type { TxContext } from "../db/transaction.ts";
import { canTransitionActivation } from "./activation-states.ts";

/** Locks the business (FOR UPDATE) and returns its activation status; 404 BUSINESS_NOT_FOUND when it is gone. */
export const lockActivation = async ({ db }: TxContext, { businessId }: { businessId: string }): Promise<string> => {
  const rows = await db.$queryRaw<{ kybStatus: string }[]>`SELECT "kybStatus" FROM "Business" WHERE "id" = ${businessId} FOR UPDATE`;
  if (!rows[0]) throw new AppError("BUSINESS_NOT_FOUND", "This business was not found.");
  return rows[0].kybStatus;
};

/**
 * Locks the business and refuses any change unless its application is open for editing: not started yet, or
 * sent back by an operator (action required), the states a submission starts from. 409 ACTIVATION_NOT_ALLOWED.
 */
export const lockEditableActivation = async (ctx: TxContext, input: { businessId: string }): Promise<string> => {
  const status = await lockActivation(ctx, input);
  if (!canTransitionActivation(status, "submit"))
    throw new AppError(
      "ACTIVATION_NOT_ALLOWED",
      status === "pending"
        ? "The application is submitted and in review: it cannot be changed until an operator answers."
        : `The business's activation is ${status}: the application can no longer be changed.`,
    );
  return status;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
export const LOCK_ACTIVATION_ERRORS = ["BUSINESS_NOT_FOUND", "ACTIVATION_NOT_ALLOWED"] as const satisfies readonly ErrorCode[];
