import { newId } from "../db/ids.ts";
import type { LinkScope } from "../linking/link-scope.ts";
import { newInviteCode } from "./invite-code.ts";
import type { CreateInviteBody, LinkInvite } from "./schemas.ts";
import { serializeInvite } from "./serialize-invite.ts";
import type { DbContext } from "../core/context.ts";

/**
 * A new active invite in the caller's namespace (a campaign), with no uses yet. Sessions it opens send
 * their webhooks to the scope's owner, like sessions initiated through the API.
 */
export const createInvite = async (ctx: DbContext, { scope, label, maxUses, expiresAt }: CreateInviteBody & { scope: LinkScope }): Promise<LinkInvite> => {
  const row = await ctx.db.linkInvite.create({
    data: {
      id: newId(),
      code: newInviteCode(scope.environment),
      namespaceType: scope.namespace.type,
      namespaceId: scope.namespace.id,
      environment: scope.environment,
      ownerType: scope.owner.type,
      ownerId: scope.owner.id,
      label: label ?? null,
      maxUses: maxUses ?? null,
      expiresAt: expiresAt ?? null,
    },
  });
  return serializeInvite(row);
};
