// "Save draft" of the activation application: keeps what the owner or admin typed so far (any field may still
// be empty), while the application is open for editing (not started, or action required). The draft lives in
// Business.kybApplication until it is submitted; it changes nothing else and tells no operator.
import { recordAudit } from "../audit/record-audit.ts";
import type { ErrorCode } from "../core/errors.ts";
import { parseOrThrow, VALIDATION_ERRORS } from "../core/validation.ts";
import { inTransaction } from "../db/transaction.ts";
import type { ActivationContext } from "./activation-context.ts";
import { lockEditableActivation, LOCK_ACTIVATION_ERRORS } from "./lock-activation.ts";
import { ActivationDraft } from "./schemas.ts";

/** Stores the draft (400 naming a field over its cap; 409 ACTIVATION_NOT_ALLOWED once submitted or decided). */
export const saveActivationDraft = (ctx: ActivationContext, input: { application: unknown }): Promise<{ application: ActivationDraft }> =>
  inTransaction(ctx.db, async (tx) => {
    const application = parseOrThrow(ActivationDraft, input.application, "body");
    await lockEditableActivation({ db: tx }, { businessId: ctx.scope.businessId });
    await tx.business.update({ where: { id: ctx.scope.businessId }, data: { kybApplication: application as object } });
    await recordAudit(
      { db: tx },
      {
        businessId: ctx.scope.businessId,
        environment: ctx.scope.environment,
        actor: { type: "member", email: ctx.actor.email },
        action: "business.activation.draft_saved",
        objectType: "business",
        objectId: ctx.scope.businessId,
        requestId: ctx.requestId,
      },
    );
    return { application };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
export const SAVE_ACTIVATION_DRAFT_ERRORS = [...VALIDATION_ERRORS, ...LOCK_ACTIVATION_ERRORS] as const satisfies readonly ErrorCode[];
