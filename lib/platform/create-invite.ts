import type { PlatformContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import type { CreateInviteBody } from "./schemas.ts";
import { serializeInvite } from "./serialize-invite.ts";

/** How long a business has to answer an invite. */
export const INVITE_LIFETIME_MS = 30 * 86_400_000;

/**
 * POST /v1/platform/invites: asks one business (of the key's environment) to grant scopes. One open
 * question per business at a time: 409 when the business already granted the platform access
 * (GRANT_ALREADY_ACTIVE: revoke it to ask for other scopes) or an invite is still pending.
 */
export const createInvite = (ctx: PlatformContext, body: CreateInviteBody) =>
  inTransaction(ctx.db, async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Business" WHERE "id" = ${body.businessId} FOR UPDATE`;
    const business = await tx.business.findUnique({ where: { id: body.businessId }, select: { id: true, environment: true } });
    if (!business || business.environment !== ctx.scope.environment)
      throw new AppError("BUSINESS_NOT_FOUND", `Business ${body.businessId} was not found in ${ctx.scope.environment} mode.`);
    const platformId = ctx.scope.platformId;
    const grant = await tx.businessGrant.findFirst({ where: { platformId, businessId: business.id, status: "active" }, select: { id: true } });
    if (grant)
      throw new AppError(
        "GRANT_ALREADY_ACTIVE",
        `This business already granted your platform access (grant ${grant.id}). To ask for other scopes, revoke it (POST /v1/platform/grants/${grant.id}/revoke), then invite again.`,
      );
    const at = now();
    const pending = await tx.platformInvite.findFirst({
      where: { platformId, businessId: business.id, status: "pending", expiresAt: { gt: at } },
      select: { id: true },
    });
    if (pending)
      throw new AppError(
        "PLATFORM_INVITE_PENDING",
        `Invite ${pending.id} to this business is still pending. Cancel it (POST /v1/platform/invites/${pending.id}/cancel) to send another.`,
      );
    const invite = await tx.platformInvite.create({
      data: {
        id: newId(),
        platformId,
        businessId: business.id,
        environment: ctx.scope.environment,
        requestedScopes: body.requestedScopes,
        expiresAt: new Date(at.getTime() + INVITE_LIFETIME_MS),
        createdAt: at,
      },
    });
    return serializeInvite(invite, at);
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const CREATE_INVITE_ERRORS = ["BUSINESS_NOT_FOUND", "GRANT_ALREADY_ACTIVE", "PLATFORM_INVITE_PENDING"] as const satisfies readonly ErrorCode[];
