import type { TxContext } from "../db/transaction.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { grantBusiness } from "./grant-business.ts";
import { emitPlatformLinkEvent } from "./platform-link-events.ts";
import { linkSessionStatus } from "./serialize-link-session.ts";

export type LinkDecision = "approve" | "decline";

/**
 * A business's answer to a platform link session, in the caller's transaction (the hosted page and the
 * test helper both end here; each checks first who may answer for `businessId`). Approving creates the
 * grant with the session's scopes and sends Platform.Link.Completed; declining sends Platform.Link.Declined.
 * A session is answered once. Returns the updated session.
 */
export const decidePlatformLinkSession = async (
  { db: tx }: TxContext,
  { sessionId, businessId, decision, playerId }: { sessionId: string; businessId: string; decision: LinkDecision; playerId: string | null },
) => {
  await tx.$queryRaw`SELECT 1 FROM "PlatformLinkSession" WHERE "id" = ${sessionId} FOR UPDATE`;
  const session = await tx.platformLinkSession.findUniqueOrThrow({ where: { id: sessionId } });
  const at = now();
  const status = linkSessionStatus(session, at);
  if (status === "expired") throw new AppError("PLATFORM_LINK_SESSION_EXPIRED", "This connection link has expired. Ask the platform for a new one.");
  if (status !== "pending") throw new AppError("PLATFORM_LINK_SESSION_NOT_PENDING", `This connection link was already ${status}.`);
  const business = await tx.business.findUnique({ where: { id: businessId }, select: { environment: true } });
  if (!business || business.environment !== session.environment)
    throw new AppError("BUSINESS_NOT_FOUND", `Business ${businessId} was not found in ${session.environment} mode.`);
  const grant =
    decision === "approve"
      ? await grantBusiness({ db: tx }, { platformId: session.platformId, businessId, scopes: session.scopes, source: "link_session" })
      : null;
  const updated = await tx.platformLinkSession.update({
    where: { id: session.id },
    data: { state: decision === "approve" ? "approved" : "declined", businessId, grantId: grant?.id ?? null, decidedAt: at, decidedByPlayerId: playerId },
  });
  await emitPlatformLinkEvent({ db: tx }, { session: updated });
  return updated;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { GRANT_BUSINESS_ERRORS } from "./grant-business.ts";
export const DECIDE_PLATFORM_LINK_SESSION_ERRORS = [
  "BUSINESS_NOT_FOUND",
  "PLATFORM_LINK_SESSION_EXPIRED",
  "PLATFORM_LINK_SESSION_NOT_PENDING",
  ...GRANT_BUSINESS_ERRORS,
] as const satisfies readonly ErrorCode[];
