import type { LinkSession } from "../db/generated/client.ts";
import type { DbClient } from "../db/transaction.ts";
import type { Namespace } from "./resolve-user-ref.ts";
import type { LinkSessionState } from "./link-session-states.ts";
import type { LinkSessionDetails } from "./schemas.ts";
import type { DbContext } from "../core/context.ts";

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

type NamespaceFields =
  | { namespaceType: "game"; gameId: string; gameName: string; gameImage: string | null }
  | { namespaceType: "campaign"; campaignId: string; campaignName: string }
  | { namespaceType: "business"; businessId: string; businessName: string };

// What the player is linking to, as the details show it; one loader per namespace type.
const NAMESPACE_FIELDS: Record<Namespace["type"], (db: DbClient, id: string) => Promise<NamespaceFields>> = {
  game: async (db, id) => {
    const g = await db.game.findUnique({ where: { id }, select: { name: true, imageUrl: true } });
    return { namespaceType: "game", gameId: id, gameName: g?.name ?? "", gameImage: g?.imageUrl || null };
  },
  campaign: async (db, id) => {
    const c = await db.campaign.findUnique({ where: { id }, select: { name: true, publicName: true } });
    return { namespaceType: "campaign", campaignId: id, campaignName: c?.publicName || c?.name || "" };
  },
  business: async (db, id) => {
    const b = await db.business.findUnique({ where: { id }, select: { name: true } });
    return { namespaceType: "business", businessId: id, businessName: b?.name ?? "" };
  },
};

/** The session as the API shows it: namespace fields, state with step timestamps, userRef once approved. */
export const serializeLinkSession = (s: LinkSession, namespace: NamespaceFields): LinkSessionDetails => ({
  sessionKey: s.sessionKey,
  ...namespace,
  prefilledEmail: s.prefilledEmail,
  environment: s.environment,
  state: s.state as LinkSessionState,
  status: s.state as LinkSessionState,
  createdAt: s.createdAt.toISOString(),
  expiresAt: s.expiresAt.toISOString(),
  openedAt: iso(s.openedAt),
  approvedAt: iso(s.approvedAt),
  canceledAt: iso(s.canceledAt),
  failedAt: iso(s.failedAt),
  expiredAt: iso(s.expiredAt),
  unlinkedAt: iso(s.unlinkedAt),
  ...(s.userRef ? { userRef: s.userRef } : {}),
});

/** Loads what the session links to and serializes it. */
export const describeLinkSession = async (ctx: DbContext, { session: s }: { session: LinkSession }): Promise<LinkSessionDetails> =>
  serializeLinkSession(s, await NAMESPACE_FIELDS[s.namespaceType as Namespace["type"]](ctx.db, s.namespaceId));
