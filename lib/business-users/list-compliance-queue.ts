// The operator console's queue of compliance reviews of business-linked players: pending first (oldest
// submission on top), then action_required, not_started, rejected and approved (latest first), each with the
// player's email and the businesses that link them in that environment.
import type { DbContext } from "../core/context.ts";
import { verificationStatusOf, type VerificationStatus } from "../businesses/verification-statuses.ts";

export type ComplianceQueueRow = {
  id: string;
  playerId: string;
  email: string;
  environment: "test" | "live";
  status: VerificationStatus;
  submittedAt: Date | null;
  decidedAt: Date | null;
  updatedAt: Date;
  businesses: string[];
};

const ORDER: VerificationStatus[] = ["pending", "action_required", "not_started", "rejected", "approved"];

export const listComplianceQueue = async (
  { db }: DbContext,
  { status, limit = 200 }: { status?: VerificationStatus; limit?: number } = {},
): Promise<ComplianceQueueRow[]> => {
  const rows = await db.playerCompliance.findMany({ where: status ? { status } : {}, orderBy: [{ updatedAt: "desc" }, { id: "desc" }], take: limit });
  const [players, links] = await Promise.all([
    db.player.findMany({ where: { id: { in: rows.map((r) => r.playerId) } }, select: { id: true, email: true } }),
    db.playerLink.findMany({
      where: { playerId: { in: rows.map((r) => r.playerId) }, namespaceType: "business", status: "active" },
      select: { playerId: true, namespaceId: true, environment: true },
    }),
  ]);
  const names = new Map(
    (await db.business.findMany({ where: { id: { in: [...new Set(links.map((l) => l.namespaceId))] } }, select: { id: true, name: true } })).map((b) => [
      b.id,
      b.name,
    ]),
  );
  const email = new Map(players.map((p) => [p.id, p.email]));
  return rows
    .map((r) => ({
      id: r.id,
      playerId: r.playerId,
      email: email.get(r.playerId) ?? "",
      environment: r.environment,
      status: verificationStatusOf(r.status),
      submittedAt: r.submittedAt,
      decidedAt: r.decidedAt,
      updatedAt: r.updatedAt,
      businesses: links
        .filter((l) => l.playerId === r.playerId && l.environment === r.environment)
        .map((l) => names.get(l.namespaceId) ?? "")
        .filter(Boolean)
        .sort(),
    }))
    .sort((a, b) => {
      const rank = ORDER.indexOf(a.status) - ORDER.indexOf(b.status);
      if (rank) return rank;
      if (a.status === "pending") return (a.submittedAt?.getTime() ?? a.updatedAt.getTime()) - (b.submittedAt?.getTime() ?? b.updatedAt.getTime());
      return b.updatedAt.getTime() - a.updatedAt.getTime();
    });
};
