import { inTransaction } from "../db/transaction.ts";
import { AppError } from "../core/errors.ts";
import { isUsableId, requireBusinessAdmin, type AdminContext } from "./business-admin.ts";
import { endGrant } from "./end-grant.ts";

/**
 * The revoke button of the Connected platforms page: an admin of the business revokes a platform's grant.
 * The platform's next call for the business gets 403. A grant of another business is 404.
 */
export const revokeBusinessGrant = (ctx: AdminContext, input: { businessId: string; grantId: string }) =>
  inTransaction(ctx.db, async (tx) => {
    await requireBusinessAdmin(
      { ...ctx, db: tx },
      { businessId: input.businessId, notFound: { code: "BUSINESS_NOT_FOUND", message: "This business was not found." } },
    );
    const grant = isUsableId(input.grantId)
      ? await tx.businessGrant.findFirst({ where: { id: input.grantId, businessId: input.businessId }, select: { id: true } })
      : null;
    if (!grant) throw new AppError("GRANT_NOT_FOUND", "This platform connection was not found.");
    return endGrant({ db: tx }, { grantId: grant.id, by: "business" });
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { BUSINESS_ADMIN_ERRORS } from "./business-admin.ts";
import { END_GRANT_ERRORS } from "./end-grant.ts";
export const REVOKE_BUSINESS_GRANT_ERRORS = [
  "BUSINESS_NOT_FOUND",
  "GRANT_NOT_FOUND",
  ...BUSINESS_ADMIN_ERRORS,
  ...END_GRANT_ERRORS,
] as const satisfies readonly ErrorCode[];
