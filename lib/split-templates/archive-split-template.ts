import type { TargetContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { findSplitTemplate } from "./find-split-template.ts";
import { splitTemplateEventData } from "./serialize-split-template.ts";

/** DELETE archives: the template leaves the lists and cannot be read, changed or used; Platform.SplitTemplate.Deleted. */
export const archiveSplitTemplate = (ctx: TargetContext, { templateId }: { templateId: string }) =>
  inTransaction(ctx.db, async (tx) => {
    const t = await findSplitTemplate({ ...ctx, db: tx }, { templateId, lock: true });
    const archived = await tx.splitTemplate.update({
      where: { id: t.id },
      data: { isArchived: true, archivedAt: new Date(), updatedByKeyId: ctx.actor.keyId },
    });
    await emitEvent(tx, {
      owner: { type: "platform", id: ctx.scope.platformId },
      environment: ctx.scope.environment,
      event: "Platform.SplitTemplate.Deleted",
      objectType: "split_template",
      objectId: t.id,
      data: splitTemplateEventData(archived),
    });
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_SPLIT_TEMPLATE_ERRORS } from "./find-split-template.ts";
export const ARCHIVE_SPLIT_TEMPLATE_ERRORS = [...FIND_SPLIT_TEMPLATE_ERRORS] as const satisfies readonly ErrorCode[];
