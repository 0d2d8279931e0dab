import type { PlatformContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { decideInvite, type InviteDecision } from "./decide-invite.ts";
import { requireCreatedBusiness } from "./require-created-business.ts";
import { serializeInvite } from "./serialize-invite.ts";

/**
 * POST /v1/test-helpers/invites/{inviteId}/accept|decline: the invited business answers, with the hosted
 * page's effects (accepting creates the grant). Another platform's invite is 404.
 */
export const actOutInviteDecision = (ctx: PlatformContext, input: { inviteId: string; decision: InviteDecision }) =>
  inTransaction(ctx.db, async (tx) => {
    const invite = await tx.platformInvite.findFirst({
      where: { id: input.inviteId, platformId: ctx.scope.platformId, environment: ctx.scope.environment },
      select: { id: true, businessId: true },
    });
    if (!invite) throw new AppError("PLATFORM_INVITE_NOT_FOUND", `Invite ${input.inviteId} was not found for this platform.`);
    await requireCreatedBusiness({ ...ctx, db: tx }, invite.businessId);
    return serializeInvite(await decideInvite({ db: tx }, { inviteId: invite.id, decision: input.decision, playerId: null }), now());
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { DECIDE_INVITE_ERRORS } from "./decide-invite.ts";
import { REQUIRE_CREATED_BUSINESS_ERRORS } from "./require-created-business.ts";
export const ACT_OUT_INVITE_DECISION_ERRORS = [
  "PLATFORM_INVITE_NOT_FOUND",
  ...DECIDE_INVITE_ERRORS,
  ...REQUIRE_CREATED_BUSINESS_ERRORS,
] as const satisfies readonly ErrorCode[];
