import type { PlatformContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { endGrant } from "./end-grant.ts";

/** POST /v1/platform/grants/{grantId}/revoke: the platform gives up a business's grant (and its invites are cleared). */
export const revokeGrant = (ctx: PlatformContext, { grantId }: { grantId: string }) =>
  inTransaction(ctx.db, async (tx) => {
    const grant = await tx.businessGrant.findFirst({
      where: { id: grantId, platformId: ctx.scope.platformId, business: { environment: ctx.scope.environment } },
      include: { business: { select: { name: true } } },
    });
    if (!grant) throw new AppError("GRANT_NOT_FOUND", `Grant ${grantId} was not found for this platform in ${ctx.scope.environment} mode.`);
    await endGrant({ db: tx }, { grantId: grant.id, by: "platform" });
    return { success: true as const, message: `Grant revoked: the platform can no longer act for ${grant.business.name}. A new invite can now be sent.` };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { END_GRANT_ERRORS } from "./end-grant.ts";
export const REVOKE_GRANT_ERRORS = ["GRANT_NOT_FOUND", ...END_GRANT_ERRORS] as const satisfies readonly ErrorCode[];
