"use server";
// The members page's server actions: invite, change roles, remove. Each runs through the hosted action
// kernel and calls one lib/portal service, which checks members:write (and the owner rules) on the server.
// Roles arrive as one checkbox per role (role_owner, role_admin, …).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { changeMemberRoles } from "@/lib/portal/change-member-roles";
import { invitePortalMember } from "@/lib/portal/invite-portal-member";
import { PORTAL_ROLES } from "@/lib/portal/permissions";
import { removePortalMember } from "@/lib/portal/remove-portal-member";
import { answerOf } from "../../_lib/answer";

const unexpected = (what: string) => ({ log: `[portal] ${what} failed:`, message: "Something went wrong on our side. Please try again." });
const refresh = (businessId: string) => revalidatePath(`/portal/${businessId}`, "layout");

const role = () => textField(8, "Choose roles from the list.");
const roleFields = { role_owner: role(), role_admin: role(), role_developer: role(), role_finance: role(), role_viewer: role() };
const rolesOf = (input: Record<string, unknown>) => PORTAL_ROLES.filter((r) => input[`role_${r}`] === "yes");
// a service's "roles" or "roles.0" detail is the role checkboxes' group: shown as the form's error
const fieldOf = (f: string) => (f.startsWith("roles") ? null : f);

const InviteForm = z.object({ email: textField(320, "The email is too long.", { trim: true }), ...roleFields });

export const inviteMemberAction = async (businessId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: InviteForm,
    form,
    fieldOf,
    run: ({ db, player, input }) => invitePortalMember({ db, player }, { businessId, email: input.email, roles: rolesOf(input) }),
    unexpected: unexpected("inviting a member"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (m) => ({
    notice: m.mailSent
      ? `Invitation sent to ${m.email} (${m.roles.join(", ")}).`
      : `${m.email} was added (${m.roles.join(", ")}), but the invitation email could not be sent: tell them to sign in to the portal with this email.`,
  }));
};

const RolesForm = z.object(roleFields);

export const changeRolesAction = async (businessId: string, memberId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: RolesForm,
    form,
    fieldOf,
    run: ({ db, player, input }) => changeMemberRoles({ db, player }, { businessId, memberId, roles: rolesOf(input) }),
    unexpected: unexpected("changing a member's roles"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (m) => ({ notice: `${m.email} is now ${m.roles.join(", ")}.` }));
};

const RemoveForm = z.object({ confirm: textField(8, "Confirm the removal.") });

export const removeMemberAction = async (businessId: string, memberId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: RemoveForm,
    form,
    run: ({ db, player }) => removePortalMember({ db, player }, { businessId, memberId }),
    unexpected: unexpected("removing a member"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (m) => ({ notice: `${m.email} was removed.` }));
};
