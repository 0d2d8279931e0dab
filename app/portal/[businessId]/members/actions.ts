"use server";
// The members page's server actions: invite, change roles, remove. Each is one portalAction calling one
// lib/portal service, which checks members:write (and the owner rules) on the server.
// Roles arrive as one checkbox per role (role_owner, role_admin, …). The form's messages and the success
// lines are the member's language (messages/<locale>/portal-access.json, `members.action`).
import { z } from "zod";
import { textField } from "@/lib/hosted/action";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { changeMemberRoles } from "@/lib/portal/change-member-roles";
import { invitePortalMember } from "@/lib/portal/invite-portal-member";
import { PORTAL_ROLES, type PortalRole } from "@/lib/portal/permissions";
import { removePortalMember } from "@/lib/portal/remove-portal-member";
import type { PortalFormState } from "@/components/portal/portal-form";
import { portalAction, type Bound } from "../../_lib/answer";
import { getPortalLocale } from "../../_lib/portal-locale";

type OnMember = Bound & { memberId: string };

const roleFields = (t: Translator) => {
  const role = () => textField(8, t("members.action.badRole"));
  return { role_owner: role(), role_admin: role(), role_developer: role(), role_finance: role(), role_viewer: role() };
};
const rolesOf = (input: Record<string, unknown>) => PORTAL_ROLES.filter((r) => input[`role_${r}`] === "yes");
const roleNames = (t: Translator, roles: readonly PortalRole[]) => roles.map((r) => t(`members.roleNames.${r}`)).join(", ");
// a service's "roles" or "roles.0" detail is the role checkboxes' group: shown as the form's error
const fieldOf = (f: string) => (f.startsWith("roles") ? null : f);

const translator = async () => getTranslator(await getPortalLocale(), "portal-access");

export const inviteMemberAction = async (bound: Bound, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const t = await translator();
  return portalAction(
    z.object({ email: textField(320, t("members.action.emailTooLong"), { trim: true }), ...roleFields(t) }),
    (ctx, input, { businessId }: Bound) => invitePortalMember(ctx, { businessId, email: input.email, roles: rolesOf(input) }),
    (m) => ({
      notice: t(m.mailSent ? "members.action.invited" : "members.action.invitedNoMail", { email: m.email, roles: roleNames(t, m.roles) }),
    }),
    { doing: "inviting a member", fieldOf },
  )(bound, prev, form);
};

export const changeRolesAction = async (bound: OnMember, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const t = await translator();
  return portalAction(
    z.object(roleFields(t)),
    (ctx, input, { businessId, memberId }: OnMember) => changeMemberRoles(ctx, { businessId, memberId, roles: rolesOf(input) }),
    (m) => ({ notice: t("members.action.rolesChanged", { email: m.email, roles: roleNames(t, m.roles) }) }),
    { doing: "changing a member's roles", fieldOf },
  )(bound, prev, form);
};

export const removeMemberAction = async (bound: OnMember, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const t = await translator();
  return portalAction(
    z.object({ confirm: textField(8, t("members.action.confirm")) }),
    (ctx, _input, { businessId, memberId }: OnMember) => removePortalMember(ctx, { businessId, memberId }),
    (m) => ({ notice: t("members.action.removed", { email: m.email }) }),
    { doing: "removing a member" },
  )(bound, prev, form);
};
