import { z } from "zod";
import type { Environment } from "../core/environment.ts";
import { normalizeEmail } from "../core/email.ts";
import { playerNamespacesOf, type PlayerNamespace } from "./player-namespaces.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** The search box: 1–320 characters after trimming (an email's length at most). */
export const PlayerSearchQuery = z.string().trim().min(1, "must not be empty").max(320, "must be at most 320 characters");

export type PlayerHit = {
  userRef: string;
  email: string;
  namespace: PlayerNamespace;
  status: string;
  linkedAt: Date;
  /** the query equals the userRef or the email (not only a prefix of it) */
  exact: boolean;
};

const LIMIT = 50;

/**
 * The players search: links of the business's namespaces in `environment` (its games, campaigns and the
 * business itself; removed links included) whose userRef or player email equals the query or starts with
 * it (email case-insensitive). Exact matches first, then the newest links; at most 50. No query: no hits.
 */
export const searchPortalPlayers = async (ctx: PortalContext, input: { businessId: string; environment: Environment; query: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "players:read" });
  const parsed = PlayerSearchQuery.safeParse(input.query);
  if (!parsed.success || parsed.data.includes("\u0000"))
    return { member, query: input.query.trim(), hits: [] as PlayerHit[], invalid: input.query.trim() !== "" };
  const q = parsed.data;
  const email = normalizeEmail(q);
  const ns = await playerNamespacesOf(ctx, input);
  const rows = await ctx.db.playerLink.findMany({
    where: {
      AND: [ns.where, { environment: input.environment }, { OR: [{ userRef: { startsWith: q } }, { player: { email: { startsWith: email } } }] }],
    },
    include: { player: { select: { email: true } } },
    orderBy: [{ linkedAt: "desc" }, { id: "desc" }],
    take: 500,
  });
  const hits = rows
    .map((r) => ({
      userRef: r.userRef,
      email: r.player.email,
      namespace: ns.find(r.namespaceType, r.namespaceId)!,
      status: r.status,
      linkedAt: r.linkedAt,
      exact: r.userRef === q || r.player.email === email,
    }))
    .sort((a, b) => Number(b.exact) - Number(a.exact))
    .slice(0, LIMIT);
  return { member, query: q, hits, invalid: false };
};
