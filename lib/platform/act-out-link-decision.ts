import type { PlatformContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { decidePlatformLinkSession, type LinkDecision } from "./decide-platform-link-session.ts";
import { requireCreatedBusiness } from "./require-created-business.ts";
import { serializeLinkSession } from "./serialize-link-session.ts";

/**
 * POST /v1/test-helpers/platform-link-sessions/{sessionKey}/approve|decline: a business admin approves
 * or declines the calling platform's session, with the hosted page's effects (grant, webhook). Another
 * platform's session is 404.
 */
export const actOutLinkDecision = (ctx: PlatformContext, input: { sessionKey: string; businessId: string; decision: LinkDecision }) =>
  inTransaction(ctx.db, async (tx) => {
    const session = await tx.platformLinkSession.findFirst({
      where: { sessionKey: input.sessionKey, platformId: ctx.scope.platformId, environment: ctx.scope.environment },
      select: { id: true },
    });
    if (!session) throw new AppError("PLATFORM_LINK_SESSION_NOT_FOUND", `Platform link session ${input.sessionKey} was not found for this platform.`);
    await requireCreatedBusiness({ ...ctx, db: tx }, input.businessId);
    const updated = await decidePlatformLinkSession(
      { db: tx },
      { sessionId: session.id, businessId: input.businessId, decision: input.decision, playerId: null },
    );
    return serializeLinkSession(updated, now());
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { DECIDE_PLATFORM_LINK_SESSION_ERRORS } from "./decide-platform-link-session.ts";
import { REQUIRE_CREATED_BUSINESS_ERRORS } from "./require-created-business.ts";
export const ACT_OUT_LINK_DECISION_ERRORS = [
  "PLATFORM_LINK_SESSION_NOT_FOUND",
  ...DECIDE_PLATFORM_LINK_SESSION_ERRORS,
  ...REQUIRE_CREATED_BUSINESS_ERRORS,
] as const satisfies readonly ErrorCode[];
