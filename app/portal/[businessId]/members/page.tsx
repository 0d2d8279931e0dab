// /portal/{businessId}/members: who is a member of the business, with which roles, and whether each has
// joined or is an invitation still pending. Owners and admins (members:write) invite by email, change
// roles and remove members; the rules (a last owner, one's own membership, owners) are the services'.
import type { Metadata } from "next";
import { environmentOf } from "@/components/portal/env-href";
import { MembersRoleCheckboxes } from "@/components/portal/members-role-checkboxes";
import { PortalForm } from "@/components/portal/portal-form";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import type { PortalMemberRow } from "@/lib/portal/load-portal-members";
import { loadPortalMembers } from "@/lib/portal/load-portal-members";
import { can } from "@/lib/portal/permissions";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";
import { changeRolesAction, inviteMemberAction, removeMemberAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-access")("members.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const MemberItem = ({ m, businessId, manage, t, locale }: { m: PortalMemberRow; businessId: string; manage: boolean; t: Translator; locale: Locale }) => (
  <li className="rounded-lg p-3 ring-1 ring-slate-200 ring-inset" data-testid={`member-${m.email}`}>
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">
        {m.email}
        {m.isYou ? <span className="font-normal text-slate-600">{t("members.you")}</span> : null}
      </p>
      <span className="flex flex-wrap items-center gap-2">
        {m.owner ? <Badge tone="warning">{t("members.owner")}</Badge> : null}
        {m.joined ? <Badge tone="success">{t("members.joined")}</Badge> : <Badge>{t("members.pending")}</Badge>}
      </span>
    </div>
    <p className="mt-1 text-sm text-slate-700">
      <span className="text-slate-600">{t("members.roles")}</span>
      <span data-testid="member-roles">{m.roles.map((r) => t(`members.roleNames.${r}`)).join(", ") || t("members.noRoles")}</span>
    </p>
    {manage && !m.isYou ? (
      <details className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded text-sm font-semibold text-[var(--ui-link)] underline underline-offset-2">
          {t("members.manage")}
          <span className="sr-only"> {m.email}</span>
        </summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <PortalForm
            action={changeRolesAction.bind(null, { businessId, memberId: m.memberId })}
            label={t("members.rolesOf", { email: m.email })}
            submit={t("members.saveRoles")}
            pendingLabel={t("members.saving")}
            variant="secondary"
          >
            <MembersRoleCheckboxes idPrefix={`roles-${m.memberId}`} checked={m.roles} locale={locale} />
          </PortalForm>
          <PortalForm
            action={removeMemberAction.bind(null, { businessId, memberId: m.memberId })}
            label={t("members.remove", { email: m.email })}
            submit={t("members.removeSubmit")}
            pendingLabel={t("members.removing")}
            variant="secondary"
          >
            <input type="hidden" name="confirm" value="yes" />
            <p className="text-sm text-slate-700">{t("members.removeNote")}</p>
          </PortalForm>
        </div>
      </details>
    ) : null}
  </li>
);

const MembersPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage({ businessId, environment, current: "members", load: (ctx) => loadPortalMembers(ctx, { businessId }) }, ({ member, members }, frame) => {
    const manage = can(member.permissions, "members:write");
    const t = getTranslator(frame.locale, "portal-access");
    return (
      <PortalPageShell
        {...frame}
        title={t("members.title")}
        translated
        badge={null}
        intro={
          <>
            <p className="mt-2 text-sm text-slate-700">{t("members.intro", { business: member.business.name })}</p>
            <ul className="mt-4 space-y-3" aria-label={t("members.listLabel")}>
              {members.map((m) => (
                <MemberItem key={m.memberId} m={m} businessId={businessId} manage={manage} t={t} locale={frame.locale} />
              ))}
            </ul>
          </>
        }
      >
        {manage ? (
          <Card labelledBy="invite-title">
            <h2 id="invite-title" className="text-lg font-semibold text-slate-900">
              {t("members.inviteTitle")}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t("members.inviteNote")}</p>
            <div className="mt-4">
              <PortalForm
                action={inviteMemberAction.bind(null, { businessId })}
                label={t("members.inviteTitle")}
                submit={t("members.sendInvite")}
                pendingLabel={t("members.inviting")}
              >
                <Field id="invite-email" label={t("members.email")}>
                  {(c) => <Input {...c} name="email" type="email" required maxLength={254} autoComplete="off" />}
                </Field>
                <MembersRoleCheckboxes idPrefix="invite-role" checked={["developer"]} locale={frame.locale} />
              </PortalForm>
            </div>
          </Card>
        ) : (
          <p className="text-sm text-slate-700">{t("members.readOnly")}</p>
        )}
      </PortalPageShell>
    );
  });
};

export default MembersPage;
