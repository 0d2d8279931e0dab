import { findInvite } from "./find-invite.ts";
import { inviteRefusal, type InviteRefusalCode, type InviteState } from "./invite-states.ts";
import type { DbContext } from "../core/context.ts";

export type InviteDescription = {
  code: string;
  status: InviteState;
  environment: "test" | "live";
  /** what the visitor links to: the campaign of the invite */
  namespaceType: string;
  namespaceId: string;
  name: string;
  imageUrl: string | null;
  /** whether a visit can open a session now */
  usable: boolean;
  /** why not, in words for the visitor, when it cannot */
  refusal: { code: InviteRefusalCode; status: number; message: string } | null;
};

/**
 * What the hosted join page shows before the visitor signs in: the campaign's name and image and
 * whether the invite works now. Creates nothing; an unknown code is INVITE_NOT_FOUND (404).
 */
export const describeInvite = async (ctx: DbContext, { code, now = new Date() }: { code: string; now?: Date }): Promise<InviteDescription> => {
  const invite = await findInvite(ctx, { code });
  const campaign =
    invite.namespaceType === "campaign"
      ? await ctx.db.campaign.findUnique({ where: { id: invite.namespaceId }, select: { name: true, publicName: true, imageUrl: true } })
      : null;
  const refusal = inviteRefusal(invite, now);
  return {
    code: invite.code,
    status: invite.status as InviteState,
    environment: invite.environment as "test" | "live",
    namespaceType: invite.namespaceType,
    namespaceId: invite.namespaceId,
    name: campaign?.publicName || campaign?.name || "",
    imageUrl: campaign?.imageUrl || null,
    usable: refusal === null,
    refusal: refusal ? { code: refusal.code as InviteRefusalCode, status: refusal.status, message: refusal.message } : null,
  };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_INVITE_ERRORS } from "./find-invite.ts";
import { INVITE_STATES_ERRORS } from "./invite-states.ts";
export const DESCRIBE_INVITE_ERRORS = [...FIND_INVITE_ERRORS, ...INVITE_STATES_ERRORS] as const satisfies readonly ErrorCode[];
