// "Submit for review": the owner or an admin sends the business's application to go live. It must be complete
// (every required field valid: 400 VALIDATION_ERROR naming each one) and come with at least one supporting
// document (400 VALIDATION_ERROR on "documents"); it is accepted only from not started or action required
// (ACTIVATION_TRANSITIONS.submit: a second submit while in review, or after a decision, is 409
// ACTIVATION_NOT_ALLOWED). The business moves to pending ("Submitted — in review") with its application stored,
// the submission time set and any earlier operator note cleared; the audit log says so. After the commit, the
// owners and admins get a receipt and every operator a notice (lib/activation/email-activation-submitted.ts).
// Call it with the database client, not inside another transaction: the mails go out once it has committed.
import { recordAudit } from "../audit/record-audit.ts";
import { now } from "../core/clock.ts";
import { badRequest, type ErrorCode } from "../core/errors.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { parseOrThrow, VALIDATION_ERRORS } from "../core/validation.ts";
import { inTransaction } from "../db/transaction.ts";
import type { ActivationContext } from "./activation-context.ts";
import { ACTIVATION_STATES_ERRORS, ACTIVATION_TRANSITIONS, activationConflict, canTransitionActivation } from "./activation-states.ts";
import { emailActivationSubmitted, type MailTally } from "./email-activation-submitted.ts";
import { lockActivation, LOCK_ACTIVATION_ERRORS } from "./lock-activation.ts";
import { ActivationApplication } from "./schemas.ts";

export type SubmittedActivation = {
  status: "pending";
  submittedAt: Date;
  application: ActivationApplication;
  documents: number;
  mails: { admins: MailTally; operators: MailTally };
};

export const submitActivation = async (ctx: ActivationContext, input: { application: unknown }): Promise<SubmittedActivation> => {
  const { businessId } = ctx.scope;
  const done = await inTransaction(ctx.db, async (tx) => {
    // the business row locked: a racing submit waits here, then finds it pending (409); no upload slips in meanwhile
    const from = await lockActivation({ db: tx }, { businessId });
    if (!canTransitionActivation(from, "submit")) throw activationConflict(from, "submit");
    const application = parseOrThrow(ActivationApplication, input.application, "body");
    const documents = await tx.verificationDocument.count({ where: { subjectType: "business", subjectId: businessId } });
    if (documents === 0)
      throw badRequest("VALIDATION_ERROR", "Attach at least one supporting document (a PDF or an image) before submitting.", [
        { field: "documents", message: "must hold at least one supporting document" },
      ]);
    const submittedAt = now();
    await guardedTransition(ACTIVATION_TRANSITIONS, "submit", {
      write: (states, to) =>
        tx.business.updateMany({
          where: { id: businessId, kybStatus: { in: [...states] } },
          data: { kybStatus: to, kybApplication: application as object, kybSubmittedAt: submittedAt, kybNote: null },
        }),
      current: async () => (await tx.business.findUnique({ where: { id: businessId }, select: { kybStatus: true } }))?.kybStatus ?? null,
      refuse: (state) => activationConflict(state ?? "gone", "submit"),
    });
    await recordAudit(
      { db: tx },
      {
        businessId,
        environment: ctx.scope.environment,
        actor: { type: "member", email: ctx.actor.email },
        action: "business.activation.submitted",
        objectType: "business",
        objectId: businessId,
        requestId: ctx.requestId,
        details: { from, to: "pending", legalName: application.legalName, country: application.address.country, documents },
      },
    );
    return { submittedAt, application, documents };
  });
  const mails = await emailActivationSubmitted(ctx, { businessId, submittedBy: ctx.actor.email });
  return { status: "pending", ...done, mails };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
export const SUBMIT_ACTIVATION_ERRORS = [...VALIDATION_ERRORS, ...ACTIVATION_STATES_ERRORS, ...LOCK_ACTIVATION_ERRORS] as const satisfies readonly ErrorCode[];
