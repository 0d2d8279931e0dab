import type { TargetContext } from "../core/context.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { checkRecipientRefs } from "./check-recipient-refs.ts";
import { checkRecipients } from "./recipients.ts";
import type { CreateSplitTemplateBody } from "./schemas.ts";
import { serializeSplitTemplate, splitTemplateEventData } from "./serialize-split-template.ts";

/** Saves a split template for the target business (recipients checked against the mode); Platform.SplitTemplate.Created. */
export const createSplitTemplate = (ctx: TargetContext, body: CreateSplitTemplateBody) =>
  inTransaction(ctx.db, async (tx) => {
    const { businessId } = ctx.scope;
    const recipients = checkRecipients(body.mode, body.recipients);
    await checkRecipientRefs({ ...ctx, db: tx }, recipients);
    const t = await tx.splitTemplate.create({
      data: {
        id: newId(),
        businessId,
        environment: ctx.scope.environment,
        platformId: ctx.scope.platformId,
        createdByKeyId: ctx.actor.keyId,
        name: body.name,
        mode: body.mode,
        recipients,
      },
    });
    await emitEvent(tx, {
      owner: { type: "platform", id: ctx.scope.platformId },
      environment: ctx.scope.environment,
      event: "Platform.SplitTemplate.Created",
      objectType: "split_template",
      objectId: t.id,
      data: splitTemplateEventData(t),
    });
    return serializeSplitTemplate(t);
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CHECK_RECIPIENT_REFS_ERRORS } from "./check-recipient-refs.ts";
import { RECIPIENTS_ERRORS } from "./recipients.ts";
export const CREATE_SPLIT_TEMPLATE_ERRORS = [...CHECK_RECIPIENT_REFS_ERRORS, ...RECIPIENTS_ERRORS] as const satisfies readonly ErrorCode[];
