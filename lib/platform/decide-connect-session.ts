import { inTransaction } from "../db/transaction.ts";
import { AppError } from "../core/errors.ts";
import { isUsableId, requireBusinessAdmin, type AdminContext } from "./business-admin.ts";
import { decidePlatformLinkSession, type LinkDecision } from "./decide-platform-link-session.ts";

/**
 * The hosted connect page's form (/business/connect/{sessionKey}): a signed-in admin of `businessId`
 * approves (the grant is created, Platform.Link.Completed is sent) or declines (Platform.Link.Declined).
 * A business the player does not administer is 404, as if it did not exist.
 */
export const decideConnectSession = (ctx: AdminContext, input: { sessionKey: string; businessId: string; decision: LinkDecision }) =>
  inTransaction(ctx.db, async (tx) => {
    const session = isUsableId(input.sessionKey)
      ? await tx.platformLinkSession.findUnique({ where: { sessionKey: input.sessionKey }, select: { id: true } })
      : null;
    if (!session) throw new AppError("PLATFORM_LINK_SESSION_NOT_FOUND", "This connection link does not exist.");
    const player = await requireBusinessAdmin(
      { ...ctx, db: tx },
      { businessId: input.businessId, notFound: { code: "BUSINESS_NOT_FOUND", message: "Choose a business you administer." } },
    );
    return decidePlatformLinkSession({ db: tx }, { sessionId: session.id, businessId: input.businessId, decision: input.decision, playerId: player.playerId });
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { BUSINESS_ADMIN_ERRORS } from "./business-admin.ts";
import { DECIDE_PLATFORM_LINK_SESSION_ERRORS } from "./decide-platform-link-session.ts";
export const DECIDE_CONNECT_SESSION_ERRORS = [
  "BUSINESS_NOT_FOUND",
  "PLATFORM_LINK_SESSION_NOT_FOUND",
  ...BUSINESS_ADMIN_ERRORS,
  ...DECIDE_PLATFORM_LINK_SESSION_ERRORS,
] as const satisfies readonly ErrorCode[];
