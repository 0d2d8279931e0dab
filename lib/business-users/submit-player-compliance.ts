// The player's own move on /account/verification: their details and an identity document, sent for review.
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { guardedTransition } from "../core/state-machine.ts";
import { parseOrThrow } from "../core/validation.ts";
import { inTransaction } from "../db/transaction.ts";
import { storeVerificationDocument, type StoredDocument } from "../documents/store-verification-document.ts";
import { complianceConflict, COMPLIANCE_TRANSITIONS } from "./compliance-states.ts";
import { complianceDetailsSchema, type ComplianceDetails } from "./compliance-details.ts";
import { writeComplianceStatus } from "./write-compliance-status.ts";

export type ComplianceSubmission = {
  /** the signed-in player: never a form field */
  playerId: string;
  environment: Environment;
  details: unknown;
  document: { filename: string; bytes: Uint8Array } | null;
};

/**
 * Moves the signed-in player's verification in `environment` from not_started or action_required to pending
 * (COMPLIANCE_TRANSITIONS, under a conditional write), with their details, submittedAt and the document, all
 * in one transaction: a refused detail, document or state writes nothing. Only where a business links the
 * player (or a review already exists): anywhere else there is nothing to verify (404).
 */
export const submitPlayerCompliance = async (
  ctx: DbContext,
  { playerId, environment, details, document }: ComplianceSubmission,
): Promise<{ status: "pending"; details: ComplianceDetails; document: StoredDocument }> => {
  const at = now();
  const missing = { field: "document", message: "is required" };
  let parsed: ComplianceDetails;
  try {
    parsed = parseOrThrow(complianceDetailsSchema(at), details, "body");
  } catch (e) {
    // every field at fault at once: the missing document with the details
    if (e instanceof AppError && !document) throw new AppError("VALIDATION_ERROR", e.message, { details: [...(e.details ?? []), missing] });
    throw e;
  }
  if (!document) throw new AppError("DOCUMENT_INVALID", "Attach an identity document (PDF, PNG, JPEG or WebP).", { details: [missing] });
  return inTransaction(ctx.db, async (tx) => {
    const [link, review] = await Promise.all([
      tx.playerLink.findFirst({ where: { playerId, environment, namespaceType: "business", status: "active" }, select: { id: true } }),
      tx.playerCompliance.findUnique({ where: { playerId_environment: { playerId, environment } }, select: { id: true } }),
    ]);
    if (!link && !review) throw new AppError("NOT_FOUND", "No business asks you to verify your identity here.");
    const { row } = await guardedTransition(COMPLIANCE_TRANSITIONS, "submit", {
      write: async (from, to) => {
        const r = await writeComplianceStatus({ db: tx }, { playerId, environment, status: to, from, data: { details: parsed, submittedAt: at } });
        return r ? [r] : [];
      },
      current: async () => (await tx.playerCompliance.findUnique({ where: { playerId_environment: { playerId, environment } } }))?.status ?? null,
      refuse: (state) => complianceConflict(state ?? "not_started", "submit"),
    });
    const stored = await storeVerificationDocument(
      { db: tx },
      { subjectType: "compliance", subjectId: row!.id, filename: document.filename, bytes: document.bytes, uploadedBy: playerId },
    );
    return { status: "pending" as const, details: parsed, document: stored };
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { VALIDATION_ERRORS } from "../core/validation.ts";
import { STORE_VERIFICATION_DOCUMENT_ERRORS } from "../documents/store-verification-document.ts";
import { COMPLIANCE_STATES_ERRORS } from "./compliance-states.ts";
export const SUBMIT_PLAYER_COMPLIANCE_ERRORS = [
  "NOT_FOUND",
  "DOCUMENT_INVALID",
  ...VALIDATION_ERRORS,
  ...STORE_VERIFICATION_DOCUMENT_ERRORS,
  ...COMPLIANCE_STATES_ERRORS,
] as const satisfies readonly ErrorCode[];
