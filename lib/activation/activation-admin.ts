// The hosted verification page's (links.kyb) way in: the signed-in player must administer the business (its
// owner, or a member with the admin role: lib/platform/business-admin.ts); then they act as that member on the
// activation services, as an owner or admin does in the portal. Nobody signed in: 401; anyone else: 404.
import { randomUUID } from "node:crypto";
import type { ErrorCode } from "../core/errors.ts";
import { normalizeEmail } from "../core/email.ts";
import { BUSINESS_ADMIN_ERRORS, requireBusinessAdmin, type AdminContext } from "../platform/business-admin.ts";
import type { ActivationContext } from "./activation-context.ts";

export const activationAdminContext = async (ctx: AdminContext, { businessId }: { businessId: string }): Promise<ActivationContext> => {
  const player = await requireBusinessAdmin(ctx, { businessId, notFound: { code: "BUSINESS_NOT_FOUND", message: "This business was not found." } });
  const [business, rows] = await Promise.all([
    ctx.db.business.findUniqueOrThrow({ where: { id: businessId }, select: { environment: true } }),
    ctx.db.businessMember.findMany({
      where: { businessId, OR: [{ email: normalizeEmail(player.email) }, { playerId: player.playerId }] },
      select: { roles: true, isOwner: true },
    }),
  ]);
  const roles = [...new Set(rows.flatMap((r) => [...(r.isOwner ? ["owner"] : []), ...r.roles]))];
  return {
    db: ctx.db,
    actor: { kind: "member", playerId: player.playerId, email: normalizeEmail(player.email), roles },
    scope: { kind: "business", environment: business.environment, businessId },
    requestId: `hosted_${randomUUID()}`,
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
export const ACTIVATION_ADMIN_ERRORS = ["BUSINESS_NOT_FOUND", ...BUSINESS_ADMIN_ERRORS] as const satisfies readonly ErrorCode[];
