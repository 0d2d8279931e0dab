import { inTransaction } from "../db/transaction.ts";
import { AppError } from "../core/errors.ts";
import { isUsableId, requireBusinessAdmin, type AdminContext } from "./business-admin.ts";
import { decideInvite, type InviteDecision } from "./decide-invite.ts";

const NOT_FOUND = { code: "PLATFORM_INVITE_NOT_FOUND" as const, message: "This invite does not exist, or it is for a business you do not administer." };

/** The hosted invite page's form (/business/invites/{inviteId}): an admin of the invited business accepts or declines. */
export const decideBusinessInvite = (ctx: AdminContext, input: { inviteId: string; decision: InviteDecision }) =>
  inTransaction(ctx.db, async (tx) => {
    const invite = isUsableId(input.inviteId)
      ? await tx.platformInvite.findUnique({ where: { id: input.inviteId }, select: { id: true, businessId: true } })
      : null;
    if (!invite) throw new AppError(NOT_FOUND.code, NOT_FOUND.message);
    const player = await requireBusinessAdmin({ ...ctx, db: tx }, { businessId: invite.businessId, notFound: NOT_FOUND });
    return decideInvite({ db: tx }, { inviteId: invite.id, decision: input.decision, playerId: player.playerId });
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { BUSINESS_ADMIN_ERRORS } from "./business-admin.ts";
import { DECIDE_INVITE_ERRORS } from "./decide-invite.ts";
export const DECIDE_BUSINESS_INVITE_ERRORS = [
  "PLATFORM_INVITE_NOT_FOUND",
  ...BUSINESS_ADMIN_ERRORS,
  ...DECIDE_INVITE_ERRORS,
] as const satisfies readonly ErrorCode[];
