// What an operator reviews for one player's compliance review: its status, the details the player submitted
// (read defensively, flattened to labelled lines), the documents (subject "compliance", the review's id),
// the businesses that link the player, and the review's history from the operator audit log.
import type { DbContext } from "../core/context.ts";
import { verificationStatusOf, type VerificationStatus } from "../businesses/verification-statuses.ts";
import { listVerificationDocuments } from "../documents/list-verification-documents.ts";
import type { StoredDocument } from "../documents/store-verification-document.ts";
import { flattenApplication, type ApplicationField } from "../activation/load-activation-review.ts";

export type ComplianceReview = {
  id: string;
  player: { id: string; email: string; name: string };
  environment: "test" | "live";
  status: VerificationStatus;
  submittedAt: Date | null;
  decidedAt: Date | null;
  note: string | null;
  details: ApplicationField[];
  documents: StoredDocument[];
  businesses: string[];
  history: { at: Date; operatorEmail: string; action: string; reason: string; details: unknown }[];
};

export const loadComplianceReview = async (ctx: DbContext, { complianceId }: { complianceId: string }): Promise<ComplianceReview | null> => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(complianceId)) return null;
  const r = await ctx.db.playerCompliance.findUnique({ where: { id: complianceId } });
  if (!r) return null;
  const [player, documents, links, history] = await Promise.all([
    ctx.db.player.findUnique({ where: { id: r.playerId }, select: { id: true, email: true, name: true } }),
    listVerificationDocuments(ctx, { subjectType: "compliance", subjectId: r.id }),
    ctx.db.playerLink.findMany({
      where: { playerId: r.playerId, environment: r.environment, namespaceType: "business", status: "active" },
      select: { namespaceId: true },
    }),
    ctx.db.operatorAction.findMany({ where: { objectType: "player_compliance", objectId: r.id }, orderBy: { createdAt: "desc" }, take: 50 }),
  ]);
  const businesses = await ctx.db.business.findMany({
    where: { id: { in: links.map((l) => l.namespaceId) } },
    select: { name: true },
    orderBy: { name: "asc" },
  });
  return {
    id: r.id,
    player: player ?? { id: r.playerId, email: "", name: "" },
    environment: r.environment,
    status: verificationStatusOf(r.status),
    submittedAt: r.submittedAt,
    decidedAt: r.decidedAt,
    note: r.note,
    details: flattenApplication(r.details),
    documents,
    businesses: businesses.map((b) => b.name),
    history: history.map((h) => ({ at: h.createdAt, operatorEmail: h.operatorEmail, action: h.action, reason: h.reason, details: h.details })),
  };
};
