import type { TargetContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { checkRecipientRefs } from "./check-recipient-refs.ts";
import { findSplitTemplate } from "./find-split-template.ts";
import { checkRecipients, serializeRecipient, type StoredRecipient } from "./recipients.ts";
import type { SplitMode, UpdateSplitTemplateBody } from "./schemas.ts";
import { serializeSplitTemplate, splitTemplateEventData } from "./serialize-split-template.ts";

/**
 * Changes the given fields of a template. A new mode without new recipients re-checks the saved ones
 * against it (a percentage list cannot become a fixed one without amounts: 400 INVALID_SPLIT).
 * Platform.SplitTemplate.Updated.
 */
export const updateSplitTemplate = (ctx: TargetContext, { templateId, body }: { templateId: string; body: UpdateSplitTemplateBody }) =>
  inTransaction(ctx.db, async (tx) => {
    const t = await findSplitTemplate({ ...ctx, db: tx }, { templateId, lock: true });
    const mode = (body.mode ?? t.mode) as SplitMode;
    const input =
      body.recipients ??
      (t.recipients as StoredRecipient[]).map((r) => {
        const s = serializeRecipient(r);
        return {
          ...(s.email ? { email: s.email } : { userRef: s.userRef! }),
          name: s.name,
          percentage: s.percentage ?? undefined,
          amount: s.amount ?? undefined,
        };
      });
    const recipients = checkRecipients(mode, input);
    if (body.recipients) await checkRecipientRefs({ ...ctx, db: tx }, recipients);
    const updated = await tx.splitTemplate.update({
      where: { id: t.id },
      data: { name: body.name ?? t.name, mode, recipients, updatedByKeyId: ctx.actor.keyId },
    });
    await emitEvent(tx, {
      owner: { type: "platform", id: ctx.scope.platformId },
      environment: ctx.scope.environment,
      event: "Platform.SplitTemplate.Updated",
      objectType: "split_template",
      objectId: t.id,
      data: splitTemplateEventData(updated),
    });
    return serializeSplitTemplate(updated);
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CHECK_RECIPIENT_REFS_ERRORS } from "./check-recipient-refs.ts";
import { FIND_SPLIT_TEMPLATE_ERRORS } from "./find-split-template.ts";
import { RECIPIENTS_ERRORS } from "./recipients.ts";
export const UPDATE_SPLIT_TEMPLATE_ERRORS = [
  ...CHECK_RECIPIENT_REFS_ERRORS,
  ...FIND_SPLIT_TEMPLATE_ERRORS,
  ...RECIPIENTS_ERRORS,
] as const satisfies readonly ErrorCode[];
