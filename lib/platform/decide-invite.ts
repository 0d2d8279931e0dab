import type { TxContext } from "../db/transaction.ts";
import { now } from "../core/clock.ts";
import { AppError } from "../core/errors.ts";
import { grantBusiness } from "./grant-business.ts";
import { inviteStatus } from "./serialize-invite.ts";

export type InviteDecision = "accept" | "decline";

/**
 * The business's answer to a pending invite, in the caller's transaction (the hosted page and the test
 * helper both end here): accepting creates the grant with the invite's scopes; declining ends the invite.
 * `playerId` is the admin who decided (null for the test helper). Returns the updated invite.
 */
export const decideInvite = async (
  { db: tx }: TxContext,
  { inviteId, decision, playerId }: { inviteId: string; decision: InviteDecision; playerId: string | null },
) => {
  await tx.$queryRaw`SELECT 1 FROM "PlatformInvite" WHERE "id" = ${inviteId} FOR UPDATE`;
  const invite = await tx.platformInvite.findUniqueOrThrow({ where: { id: inviteId } });
  const at = now();
  const status = inviteStatus(invite, at);
  if (status === "expired") throw new AppError("PLATFORM_INVITE_EXPIRED", "This invite has expired. Ask the platform to send a new one.");
  if (status !== "pending") throw new AppError("PLATFORM_INVITE_NOT_PENDING", `This invite is already ${status}.`);
  if (decision === "decline")
    return tx.platformInvite.update({ where: { id: invite.id }, data: { status: "declined", decidedAt: at, decidedByPlayerId: playerId } });
  const grant = await grantBusiness(
    { db: tx },
    { platformId: invite.platformId, businessId: invite.businessId, scopes: invite.requestedScopes, source: "invite" },
  );
  return tx.platformInvite.update({
    where: { id: invite.id },
    data: { status: "accepted", decidedAt: at, decidedByPlayerId: playerId, grantId: grant.id },
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { GRANT_BUSINESS_ERRORS } from "./grant-business.ts";
export const DECIDE_INVITE_ERRORS = [
  "PLATFORM_INVITE_EXPIRED",
  "PLATFORM_INVITE_NOT_PENDING",
  ...GRANT_BUSINESS_ERRORS,
] as const satisfies readonly ErrorCode[];
