// "Remove" on a supporting document of the activation application, while the application is open for editing
// (not started, or action required). Only a document of this business: another business's id, an unknown id
// and a document of a player's compliance review are alike 404 NOT_FOUND.
import { recordAudit } from "../audit/record-audit.ts";
import { notFound, type ErrorCode } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import type { ActivationContext } from "./activation-context.ts";
import { lockEditableActivation, LOCK_ACTIVATION_ERRORS } from "./lock-activation.ts";

export const removeActivationDocument = (ctx: ActivationContext, input: { documentId: string }): Promise<{ documentId: string; filename: string }> =>
  inTransaction(ctx.db, async (tx) => {
    await lockEditableActivation({ db: tx }, { businessId: ctx.scope.businessId });
    const doc = /^[0-9a-f]{24}$/.test(input.documentId)
      ? await tx.verificationDocument.findFirst({
          where: { id: input.documentId, subjectType: "business", subjectId: ctx.scope.businessId },
          select: { id: true, filename: true, contentType: true, byteSize: true },
        })
      : null;
    if (!doc) throw notFound("This document");
    await tx.verificationDocument.delete({ where: { id: doc.id } });
    await recordAudit(
      { db: tx },
      {
        businessId: ctx.scope.businessId,
        environment: ctx.scope.environment,
        actor: { type: "member", email: ctx.actor.email },
        action: "business.activation.document_removed",
        objectType: "verification_document",
        objectId: doc.id,
        requestId: ctx.requestId,
        details: { filename: doc.filename, contentType: doc.contentType, byteSize: doc.byteSize },
      },
    );
    return { documentId: doc.id, filename: doc.filename };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
export const REMOVE_ACTIVATION_DOCUMENT_ERRORS = ["NOT_FOUND", ...LOCK_ACTIVATION_ERRORS] as const satisfies readonly ErrorCode[];
