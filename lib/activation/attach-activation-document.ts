// "Add a document" to the activation application: one supporting document (PDF or image, sniffed, 5 MB, at most
// ten) stored for the business, while its application is open for editing (not started, or action required).
import { recordAudit } from "../audit/record-audit.ts";
import type { ErrorCode } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { storeVerificationDocument, STORE_VERIFICATION_DOCUMENT_ERRORS, type StoredDocument } from "../documents/store-verification-document.ts";
import type { ActivationContext } from "./activation-context.ts";
import { lockEditableActivation, LOCK_ACTIVATION_ERRORS } from "./lock-activation.ts";

/** Stores the document under the business (subject "business"); the uploader is the member's player. */
export const attachActivationDocument = (ctx: ActivationContext, input: { filename: string; bytes: Uint8Array }): Promise<StoredDocument> =>
  inTransaction(ctx.db, async (tx) => {
    await lockEditableActivation({ db: tx }, { businessId: ctx.scope.businessId });
    const doc = await storeVerificationDocument(
      { db: tx },
      { subjectType: "business", subjectId: ctx.scope.businessId, filename: input.filename, bytes: input.bytes, uploadedBy: ctx.actor.playerId },
    );
    await recordAudit(
      { db: tx },
      {
        businessId: ctx.scope.businessId,
        environment: ctx.scope.environment,
        actor: { type: "member", email: ctx.actor.email },
        action: "business.activation.document_added",
        objectType: "verification_document",
        objectId: doc.id,
        requestId: ctx.requestId,
        details: { filename: doc.filename, contentType: doc.contentType, byteSize: doc.byteSize },
      },
    );
    return doc;
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
export const ATTACH_ACTIVATION_DOCUMENT_ERRORS = [...LOCK_ACTIVATION_ERRORS, ...STORE_VERIFICATION_DOCUMENT_ERRORS] as const satisfies readonly ErrorCode[];
