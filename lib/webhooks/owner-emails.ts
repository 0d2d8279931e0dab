import type { DbContext } from "../core/context.ts";
import type { WebhookOwner } from "./emit-event.ts";

/**
 * Who is told about an endpoint's health: the owners of the business of a game or campaign, or of the business
 * that registered a platform in the portal (members with the owner role, and the business's developer
 * account). A platform made outside the portal has no business: nobody (the flag the portal shows is all).
 */
export const ownerEmails = async ({ db }: DbContext, { owner }: { owner: WebhookOwner }): Promise<string[]> => {
  const select = { businessId: true } as const;
  const row =
    owner.type === "platform"
      ? await db.platform
          .findUnique({ where: { id: owner.id }, select: { ownerBusinessId: true } })
          .then((p) => (p?.ownerBusinessId ? { businessId: p.ownerBusinessId } : null))
      : owner.type === "game"
        ? await db.game.findUnique({ where: { id: owner.id }, select })
        : await db.campaign.findUnique({ where: { id: owner.id }, select });
  if (!row) return [];
  const [members, business] = await Promise.all([
    db.businessMember.findMany({ where: { businessId: row.businessId, OR: [{ isOwner: true }, { roles: { has: "owner" } }] }, select: { email: true } }),
    db.business.findUnique({ where: { id: row.businessId }, select: { owner: { select: { email: true } } } }),
  ]);
  const emails = [...members.map((m) => m.email), ...(business?.owner ? [business.owner.email] : [])].map((e) => e.toLowerCase());
  return [...new Set(emails)].sort();
};
