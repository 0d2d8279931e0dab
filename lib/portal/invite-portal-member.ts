// "Invite a member" on /portal/{businessId}/members (members:write): a BusinessMember placeholder for the
// email with the chosen roles, an audit entry, then the invitation mail through the mail transport (SMTP,
// or the dev outbox). An email that is already a member is 409 MEMBER_ALREADY_EXISTS (change its roles
// instead). Only an owner may invite an owner.
import { z } from "zod";
import { EmailSchema, normalizeEmail } from "../core/email.ts";
import { AppError } from "../core/errors.ts";
import { sendEmail } from "../email/send-email.ts";
import { addBusinessMember } from "../tenants/add-business-member.ts";
import { lockBusinessMembers, memberColumns, MemberRoles, refuseOwnerChangeByNonOwner } from "./business-member-rules.ts";
import { inviteMemberMail } from "./invite-member-mail.ts";
import { portalCommand } from "./portal-command.ts";

export const invitePortalMember = portalCommand({
  permission: "members:write",
  input: z.object({ email: EmailSchema.transform(normalizeEmail), roles: MemberRoles }),
  form: ({ email, roles }: { businessId: string; email: string; roles: string[] }) => ({ email, roles }),
  run: async (ctx, { params: { businessId }, input: body, member: actor }) => {
    refuseOwnerChangeByNonOwner(actor, body.roles.includes("owner"));
    await lockBusinessMembers(ctx, { businessId });
    const existing = await ctx.db.businessMember.findUnique({ where: { businessId_email: { businessId, email: body.email } } });
    if (existing)
      throw new AppError("MEMBER_ALREADY_EXISTS", `${body.email} is already a member of this business: change its roles instead.`, {
        details: [{ field: "email", message: "is already a member" }],
      });
    return addBusinessMember(ctx, { businessId, email: body.email, ...memberColumns(body.roles) });
  },
  audit: (row, { input: body, member: actor }) => ({
    environment: actor.business.environment,
    action: "member.invited",
    objectType: "business_member",
    objectId: row.id,
    details: { email: body.email, roles: body.roles },
  }),
  // after the commit: a mail that fails to go out leaves the invitation in place (the page says so; re-invite
  // is not needed, the person can simply sign in with the email)
  after: async (ctx, member, { input: body, member: actor }) => {
    let mailSent = true;
    try {
      await sendEmail(inviteMemberMail({ to: body.email, businessName: actor.business.name, invitedBy: actor.email, roles: body.roles }), { db: ctx.db });
    } catch (err) {
      console.error("[portal] invitation mail failed", err);
      mailSent = false;
    }
    return { memberId: member.id, email: member.email, roles: body.roles, mailSent };
  },
});
