import { now } from "../core/clock.ts";
import type { Environment } from "../core/environment.ts";
import { isKeyRevoked } from "../platform/serialize-key.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

export type PortalKey = {
  keyId: string;
  prefix: string;
  label: string;
  /** active; rotating (replaced, working until expiresAt); revoked (deleted or past its grace period) */
  status: "active" | "rotating" | "revoked";
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
};

/**
 * The API keys page: each game of `environment` with its server keys and each campaign of it (deleted ones
 * left out) with its campaign keys, newest first (revoked keys included).
 */
export const loadPortalKeys = async (ctx: PortalContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "keys:read" });
  const order = [{ createdAt: "desc" as const }, { id: "desc" as const }];
  const [games, campaigns] = await Promise.all([
    ctx.db.game.findMany({ where: { businessId, environment }, select: { id: true, name: true }, orderBy: order }),
    ctx.db.campaign.findMany({
      where: { businessId, environment, status: { not: "deleted" }, deletedAt: null },
      select: { id: true, name: true },
      orderBy: order,
    }),
  ]);
  const keys = await ctx.db.apiKey.findMany({
    where: {
      environment,
      OR: [
        { kind: "server", gameId: { in: games.map((g) => g.id) } },
        { kind: "campaign", campaignId: { in: campaigns.map((c) => c.id) } },
      ],
    },
    orderBy: order,
  });
  const at = now();
  const shown = (k: (typeof keys)[number]): PortalKey => ({
    keyId: k.id,
    prefix: k.prefix,
    label: k.label,
    status: isKeyRevoked(k, at) ? "revoked" : k.replacedByKeyId ? "rotating" : "active",
    createdAt: k.createdAt,
    lastUsedAt: k.lastUsedAt,
    expiresAt: k.expiresAt,
  });
  return {
    member,
    /** the moment the statuses were read ("expires in …" counts from it) */
    at,
    games: games.map((g) => ({ ...g, keys: keys.filter((k) => k.kind === "server" && k.gameId === g.id).map(shown) })),
    campaigns: campaigns.map((c) => ({ ...c, keys: keys.filter((k) => k.kind === "campaign" && k.campaignId === c.id).map(shown) })),
  };
};
