// Server-only: what the player's identity verification page (kycUrl) shows the signed-in player.
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { verificationStatusOf, type VerificationStatus } from "../businesses/verification-statuses.ts";
import { listVerificationDocuments } from "../documents/list-verification-documents.ts";
import { canTransitionCompliance } from "./compliance-states.ts";

export type ComplianceEntry = {
  environment: Environment;
  status: VerificationStatus;
  businesses: string[];
  /** the reviewer's reason (rejected) or what to fix (action_required); null in the other states */
  note: string | null;
  /** whether the player may send their details now (not_started, action_required) */
  canSubmit: boolean;
  /** what the player last sent (to fill the form again after action_required), null before */
  details: Record<string, unknown> | null;
  submittedAt: Date | null;
  /** the names of the documents the player uploaded: never their bytes, never a URL */
  documents: { id: string; filename: string; createdAt: Date }[];
};

/**
 * The player's compliance status in each environment where a business links them (or a review has
 * moved them), with the names of those businesses; live first. Nothing about anyone else.
 */
export const loadCompliancePage = async ({ db }: DbContext, { playerId }: { playerId: string }): Promise<ComplianceEntry[]> => {
  const [links, reviews] = await Promise.all([
    db.playerLink.findMany({ where: { playerId, namespaceType: "business", status: "active" }, select: { namespaceId: true, environment: true } }),
    db.playerCompliance.findMany({ where: { playerId } }),
  ]);
  const names = new Map(
    (await db.business.findMany({ where: { id: { in: links.map((l) => l.namespaceId) } }, select: { id: true, name: true } })).map((b) => [b.id, b.name]),
  );
  const environments = (["live", "test"] as const).filter((e) => links.some((l) => l.environment === e) || reviews.some((r) => r.environment === e));
  return Promise.all(
    environments.map(async (environment) => {
      const review = reviews.find((r) => r.environment === environment);
      const status = verificationStatusOf(review?.status);
      const documents = review ? await listVerificationDocuments({ db }, { subjectType: "compliance", subjectId: review.id }) : [];
      return {
        environment,
        status,
        businesses: links
          .filter((l) => l.environment === environment)
          .map((l) => names.get(l.namespaceId) ?? "")
          .filter(Boolean)
          .sort(),
        note: status === "rejected" || status === "action_required" ? (review?.note ?? null) : null,
        canSubmit: canTransitionCompliance(status, "submit"),
        details: review?.details && typeof review.details === "object" && !Array.isArray(review.details) ? (review.details as Record<string, unknown>) : null,
        submittedAt: review?.submittedAt ?? null,
        documents: documents.map((d) => ({ id: d.id, filename: d.filename, createdAt: d.createdAt })),
      };
    }),
  );
};
