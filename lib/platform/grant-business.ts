import { newId } from "../db/ids.ts";
import { AppError } from "../core/errors.ts";
import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";

export type GrantSource = "link_session" | "invite" | "direct";

/**
 * An active grant of `scopes` from a business to a platform. A business has at most one active grant
 * per platform: the business row is locked, and a second one is 409 GRANT_ALREADY_ACTIVE (to change the
 * scopes, revoke the grant and grant again).
 */
export const grantBusiness = (ctx: DbContext, input: { platformId: string; businessId: string; scopes: string[]; source?: GrantSource }) =>
  inTransaction(ctx.db, async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Business" WHERE "id" = ${input.businessId} FOR UPDATE`;
    const active = await tx.businessGrant.findFirst({
      where: { platformId: input.platformId, businessId: input.businessId, status: "active" },
      select: { id: true },
    });
    if (active)
      throw new AppError(
        "GRANT_ALREADY_ACTIVE",
        "This business already granted the platform access. To change the scopes, revoke that grant first (Connected platforms), then grant again.",
      );
    return tx.businessGrant.create({
      data: { id: newId(), platformId: input.platformId, businessId: input.businessId, grantedScopes: input.scopes, source: input.source ?? "direct" },
    });
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const GRANT_BUSINESS_ERRORS = ["GRANT_ALREADY_ACTIVE"] as const satisfies readonly ErrorCode[];
