// Server-only: what the player's identity verification page (kycUrl) shows the signed-in player.
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { verificationStatusOf, type VerificationStatus } from "../businesses/verification-statuses.ts";

export type ComplianceEntry = { environment: Environment; status: VerificationStatus; businesses: string[] };

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
  return environments.map((environment) => ({
    environment,
    status: verificationStatusOf(reviews.find((r) => r.environment === environment)?.status),
    businesses: links
      .filter((l) => l.environment === environment)
      .map((l) => names.get(l.namespaceId) ?? "")
      .filter(Boolean)
      .sort(),
  }));
};
