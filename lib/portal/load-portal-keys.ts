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

/** The API keys page: each game of `environment` with its server keys, newest first (revoked ones included). */
export const loadPortalKeys = async (ctx: PortalContext, { businessId, environment }: { businessId: string; environment: Environment }) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "keys:read" });
  const games = await ctx.db.game.findMany({
    where: { businessId, environment },
    select: { id: true, name: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const keys = await ctx.db.apiKey.findMany({
    where: { kind: "server", environment, gameId: { in: games.map((g) => g.id) } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
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
  return { member, games: games.map((g) => ({ ...g, keys: keys.filter((k) => k.gameId === g.id).map(shown) })) };
};
