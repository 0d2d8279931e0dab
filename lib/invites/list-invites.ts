import type { LinkScope } from "../linking/link-scope.ts";
import type { LinkInvite } from "./schemas.ts";
import { serializeInvite } from "./serialize-invite.ts";
import type { DbContext } from "../core/context.ts";

/** The invites of the caller's namespace, newest first; revoked ones only when asked for. */
export const listInvites = async (
  ctx: DbContext,
  { scope, includeRevoked }: { scope: LinkScope; includeRevoked: boolean },
): Promise<{ invites: LinkInvite[] }> => {
  const rows = await ctx.db.linkInvite.findMany({
    where: {
      namespaceType: scope.namespace.type,
      namespaceId: scope.namespace.id,
      environment: scope.environment,
      ...(includeRevoked ? {} : { status: { not: "revoked" } }),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return { invites: rows.map(serializeInvite) };
};
