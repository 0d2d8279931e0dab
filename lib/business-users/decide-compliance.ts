// An operator's decision on a player's compliance review (the /operator console): the review moves to any of
// the spec's five statuses (the spec shows no transitions between them) with the operator's note, through the
// same write as the test helper (write-compliance-status.ts). The move is conditional on the status the
// operator saw (`from`): a review that moved meanwhile, or a move to the status it already has, is 409
// COMPLIANCE_NOT_ALLOWED and changes nothing. Written to the operator audit log in the same transaction.
import type { OperatorContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { recordOperatorAction } from "../audit/record-operator-action.ts";
import { VERIFICATION_STATUSES, verificationStatusOf, type VerificationStatus } from "../businesses/verification-statuses.ts";
import { writeComplianceStatus } from "./write-compliance-status.ts";

export const decideCompliance = async (
  ctx: OperatorContext,
  { complianceId, from, status, note }: { complianceId: string; from: string; status: VerificationStatus; note: string },
) => {
  const why = note.trim();
  if (!why) throw new AppError("VALIDATION_ERROR", "Write why (it is kept in the operator audit log).", { details: [{ field: "note", message: "Required." }] });
  if (!(VERIFICATION_STATUSES as readonly string[]).includes(status))
    throw new AppError("VALIDATION_ERROR", `The status must be one of ${VERIFICATION_STATUSES.join(", ")}.`, {
      details: [{ field: "status", message: "Unknown status." }],
    });
  return inTransaction(ctx.db, async (tx) => {
    const review = await tx.playerCompliance.findUnique({ where: { id: complianceId } });
    if (!review) throw new AppError("NOT_FOUND", "This compliance review was not found.");
    if (review.status === status) throw new AppError("COMPLIANCE_NOT_ALLOWED", `The review is already ${status}.`);
    const decidedAt = new Date();
    const row = await writeComplianceStatus(
      { db: tx },
      { playerId: review.playerId, environment: review.environment, status, from: [verificationStatusOf(from)], data: { note: why, decidedAt } },
    );
    if (!row) throw new AppError("COMPLIANCE_NOT_ALLOWED", `The review is now ${review.status}, not ${from}: reload the page and decide again.`);
    await recordOperatorAction(
      { db: tx },
      {
        operatorEmail: ctx.actor.email,
        action: "compliance.moved",
        objectType: "player_compliance",
        objectId: review.id,
        reason: why,
        details: { playerId: review.playerId, environment: review.environment, from, to: status },
      },
    );
    return { complianceId: row.id, status: row.status as VerificationStatus, note: row.note, decidedAt: row.decidedAt };
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const DECIDE_COMPLIANCE_ERRORS = ["COMPLIANCE_NOT_ALLOWED", "NOT_FOUND", "VALIDATION_ERROR"] as const satisfies readonly ErrorCode[];
