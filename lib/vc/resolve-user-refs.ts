import type { DbContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";

/**
 * Checks many game-level userRefs in one query, with resolveUserRef's rule: each must be an active link
 * of this game and environment. The first that is not is a 404 USER_REF_NOT_FOUND naming it. Returns the
 * links by userRef, with their approval (for link-consent.ts).
 */
export const resolveUserRefs = async (ctx: DbContext, { gameId, environment, userRefs }: { gameId: string; environment: Environment; userRefs: string[] }) => {
  const wanted = [...new Set(userRefs)];
  const links = await ctx.db.playerLink.findMany({
    where: { userRef: { in: wanted }, namespaceType: "game", namespaceId: gameId, environment, status: "active" },
    select: { userRef: true, approvedAt: true, approvalScopes: true },
  });
  const found = new Map(links.map((l) => [l.userRef, l]));
  const missing = userRefs.find((r) => !found.has(r));
  if (missing !== undefined) throw notFound(`User ${JSON.stringify(missing)}`, "USER_REF_NOT_FOUND");
  return found;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const RESOLVE_USER_REFS_ERRORS = ["USER_REF_NOT_FOUND"] as const satisfies readonly ErrorCode[];
