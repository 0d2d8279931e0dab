// "Invite a member" on /portal/{businessId}/members (members:write): a BusinessMember placeholder for the
// email with the chosen roles, an audit entry, then the invitation mail through the mail transport (SMTP,
// or the dev outbox). An email that is already a member is 409 MEMBER_ALREADY_EXISTS (change its roles
// instead). Only an owner may invite an owner.
import { z } from "zod";
import { recordAudit } from "../audit/record-audit.ts";
import { EmailSchema, normalizeEmail } from "../core/email.ts";
import { AppError } from "../core/errors.ts";
import { sendEmail } from "../email/send-email.ts";
import { inTransaction } from "../db/transaction.ts";
import { addBusinessMember } from "../tenants/add-business-member.ts";
import { lockBusinessMembers, memberColumns, MemberRoles, refuseOwnerChangeByNonOwner } from "./business-member-rules.ts";
import { inviteMemberMail } from "./invite-member-mail.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

const Invite = z.object({ email: EmailSchema.transform(normalizeEmail), roles: MemberRoles });

export const invitePortalMember = async (ctx: PortalContext, input: { businessId: string; email: string; roles: string[] }) => {
  const actor = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "members:write" });
  const body = parseOrThrow(Invite, { email: input.email, roles: input.roles }, "body");
  refuseOwnerChangeByNonOwner(actor, body.roles.includes("owner"));
  const member = await inTransaction(ctx.db, async (tx) => {
    await lockBusinessMembers(tx, input.businessId);
    const existing = await tx.businessMember.findUnique({ where: { businessId_email: { businessId: input.businessId, email: body.email } } });
    if (existing)
      throw new AppError("MEMBER_ALREADY_EXISTS", `${body.email} is already a member of this business: change its roles instead.`, {
        details: [{ field: "email", message: "is already a member" }],
      });
    const columns = memberColumns(body.roles);
    const row = await addBusinessMember({ db: tx }, { businessId: input.businessId, email: body.email, ...columns });
    await recordAudit(
      { db: tx },
      {
        businessId: input.businessId,
        environment: actor.business.environment,
        actor: { type: "member", email: actor.email },
        action: "member.invited",
        objectType: "business_member",
        objectId: row.id,
        details: { email: body.email, roles: body.roles },
      },
    );
    return row;
  });
  // after the commit: a mail that fails to go out leaves the invitation in place (the page says so; re-invite
  // is not needed, the person can simply sign in with the email)
  let mailSent = true;
  try {
    await sendEmail(inviteMemberMail({ to: body.email, businessName: actor.business.name, invitedBy: actor.email, roles: body.roles }), { db: ctx.db });
  } catch (err) {
    console.error("[portal] invitation mail failed", err);
    mailSent = false;
  }
  return { memberId: member.id, email: member.email, roles: body.roles, mailSent };
};
