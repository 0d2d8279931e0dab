// An operator's decision on a business's activation (the /operator console): approve (the business may go
// live), reject (with the reason; final) or ask for action (with what to fix; the business submits again).
// One transaction: the conditional move through ACTIVATION_TRANSITIONS (of two racing decisions one wins, the
// other gets 409 ACTIVATION_NOT_ALLOWED and changes nothing), the decision's time and note, the operator's
// action (who, what, why), the business's own audit entry, and the mail to its owners and admins.
import type { OperatorContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { inTransaction } from "../db/transaction.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { recordOperatorAction } from "../audit/record-operator-action.ts";
import { sendEmail } from "../email/send-email.ts";
import { activationDecisionMail } from "./activation-mails.ts";
import { ACTIVATION_TRANSITIONS, activationConflict } from "./activation-states.ts";
import { listActivationRecipients } from "./list-activation-recipients.ts";

export type ActivationDecision = "approve" | "reject" | "request_action";

const ACTION_NAMES: Record<ActivationDecision, string> = {
  approve: "business.activation.approved",
  reject: "business.activation.rejected",
  request_action: "business.activation.action_required",
};

/** Moves the business's activation; the note is required for a rejection and a request for action. */
export const decideActivation = async (
  ctx: OperatorContext,
  { businessId, decision, note }: { businessId: string; decision: ActivationDecision; note: string },
) => {
  const why = note.trim();
  if (decision !== "approve" && !why)
    throw new AppError("VALIDATION_ERROR", decision === "reject" ? "Write the reason for the rejection." : "Write what the business must fix.", {
      details: [{ field: "note", message: "Required." }],
    });
  return inTransaction(ctx.db, async (tx) => {
    const business = await tx.business.findUnique({ where: { id: businessId }, select: { id: true, name: true, environment: true, kybStatus: true } });
    if (!business) throw new AppError("BUSINESS_NOT_FOUND", "This business was not found.");
    const decidedAt = new Date();
    const { to } = await guardedTransition(ACTIVATION_TRANSITIONS, decision, {
      write: (from, to) =>
        tx.business.updateMany({
          where: { id: businessId, kybStatus: { in: [...from] } },
          data: { kybStatus: to, kybDecidedAt: decidedAt, kybNote: why || null },
        }),
      current: async () => (await tx.business.findUnique({ where: { id: businessId }, select: { kybStatus: true } }))?.kybStatus ?? null,
      refuse: (state) => (state === null ? new AppError("BUSINESS_NOT_FOUND", "This business was not found.") : activationConflict(state, decision)),
    });
    const details = { from: business.kybStatus, to };
    await recordOperatorAction(
      { db: tx },
      { operatorEmail: ctx.actor.email, action: ACTION_NAMES[decision], objectType: "business", objectId: businessId, reason: why, details },
    );
    await recordAudit(
      { db: tx },
      {
        businessId,
        environment: business.environment,
        actor: { type: "operator", email: ctx.actor.email },
        action: ACTION_NAMES[decision],
        objectType: "business",
        objectId: businessId,
        details: { ...details, ...(why ? { note: why } : {}) },
      },
    );
    const recipients = await listActivationRecipients({ db: tx }, { businessId });
    for (const email of recipients)
      await sendEmail(
        activationDecisionMail({ to: email, businessId, businessName: business.name, decision: to as "approved" | "rejected" | "action_required", note: why }),
        {
          db: tx,
        },
      );
    return { businessId, kybStatus: to, kybDecidedAt: decidedAt, kybNote: why || null, mailedTo: recipients };
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { ACTIVATION_STATES_ERRORS } from "./activation-states.ts";
export const DECIDE_ACTIVATION_ERRORS = ["BUSINESS_NOT_FOUND", "VALIDATION_ERROR", ...ACTIVATION_STATES_ERRORS] as const satisfies readonly ErrorCode[];
