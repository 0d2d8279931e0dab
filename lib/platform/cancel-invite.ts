import type { PlatformContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { inviteStatus } from "./serialize-invite.ts";

/** POST /v1/platform/invites/{inviteId}/cancel: withdraws a pending invite; any other state is 409. */
export const cancelInvite = (ctx: PlatformContext, { inviteId }: { inviteId: string }) =>
  inTransaction(ctx.db, async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "PlatformInvite" WHERE "id" = ${inviteId} FOR UPDATE`;
    const invite = await tx.platformInvite.findFirst({ where: { id: inviteId, platformId: ctx.scope.platformId, environment: ctx.scope.environment } });
    if (!invite) throw new AppError("PLATFORM_INVITE_NOT_FOUND", `Invite ${inviteId} was not found for this platform in ${ctx.scope.environment} mode.`);
    const at = now();
    const status = inviteStatus(invite, at);
    if (status !== "pending") throw new AppError("PLATFORM_INVITE_NOT_PENDING", `Invite ${inviteId} is ${status}; only a pending invite can be cancelled.`);
    await tx.platformInvite.update({ where: { id: invite.id }, data: { status: "cancelled", decidedAt: at } });
    return { success: true as const, message: "Invite cancelled. The business can no longer accept it." };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const CANCEL_INVITE_ERRORS = ["PLATFORM_INVITE_NOT_FOUND", "PLATFORM_INVITE_NOT_PENDING"] as const satisfies readonly ErrorCode[];
