"use server";
// The members page's server actions: invite, change roles, remove. Each is one portalAction calling one
// lib/portal service, which checks members:write (and the owner rules) on the server.
// Roles arrive as one checkbox per role (role_owner, role_admin, …).
import { z } from "zod";
import { textField } from "@/lib/hosted/action";
import { changeMemberRoles } from "@/lib/portal/change-member-roles";
import { invitePortalMember } from "@/lib/portal/invite-portal-member";
import { PORTAL_ROLES } from "@/lib/portal/permissions";
import { removePortalMember } from "@/lib/portal/remove-portal-member";
import { portalAction, type Bound } from "../../_lib/answer";

type OnMember = Bound & { memberId: string };

const role = () => textField(8, "Choose roles from the list.");
const roleFields = { role_owner: role(), role_admin: role(), role_developer: role(), role_finance: role(), role_viewer: role() };
const rolesOf = (input: Record<string, unknown>) => PORTAL_ROLES.filter((r) => input[`role_${r}`] === "yes");
// a service's "roles" or "roles.0" detail is the role checkboxes' group: shown as the form's error
const fieldOf = (f: string) => (f.startsWith("roles") ? null : f);

const InviteForm = z.object({ email: textField(320, "The email is too long.", { trim: true }), ...roleFields });

export const inviteMemberAction = portalAction(
  InviteForm,
  (ctx, input, { businessId }: Bound) => invitePortalMember(ctx, { businessId, email: input.email, roles: rolesOf(input) }),
  (m) => ({
    notice: m.mailSent
      ? `Invitation sent to ${m.email} (${m.roles.join(", ")}).`
      : `${m.email} was added (${m.roles.join(", ")}), but the invitation email could not be sent: tell them to sign in to the portal with this email.`,
  }),
  { doing: "inviting a member", fieldOf },
);

export const changeRolesAction = portalAction(
  z.object(roleFields),
  (ctx, input, { businessId, memberId }: OnMember) => changeMemberRoles(ctx, { businessId, memberId, roles: rolesOf(input) }),
  (m) => ({ notice: `${m.email} is now ${m.roles.join(", ")}.` }),
  { doing: "changing a member's roles", fieldOf },
);

const RemoveForm = z.object({ confirm: textField(8, "Confirm the removal.") });

export const removeMemberAction = portalAction(
  RemoveForm,
  (ctx, _input, { businessId, memberId }: OnMember) => removePortalMember(ctx, { businessId, memberId }),
  (m) => ({ notice: `${m.email} was removed.` }),
  { doing: "removing a member" },
);
