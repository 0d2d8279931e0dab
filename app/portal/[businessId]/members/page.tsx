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
import type { PortalMemberRow } from "@/lib/portal/load-portal-members";
import { loadPortalMembers } from "@/lib/portal/load-portal-members";
import { can } from "@/lib/portal/permissions";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { changeRolesAction, inviteMemberAction, removeMemberAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Members · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const MemberItem = ({ m, businessId, manage }: { m: PortalMemberRow; businessId: string; manage: boolean }) => (
  <li className="rounded-lg p-3 ring-1 ring-slate-200 ring-inset" data-testid={`member-${m.email}`}>
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">
        {m.email}
        {m.isYou ? <span className="font-normal text-slate-600"> (you)</span> : null}
      </p>
      <span className="flex flex-wrap items-center gap-2">
        {m.owner ? <Badge tone="warning">Owner</Badge> : null}
        {m.joined ? <Badge tone="success">Joined</Badge> : <Badge>Invitation pending</Badge>}
      </span>
    </div>
    <p className="mt-1 text-sm text-slate-700">
      <span className="text-slate-600">Roles: </span>
      <span data-testid="member-roles">{m.roles.join(", ") || "none"}</span>
    </p>
    {manage && !m.isYou ? (
      <details className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded text-sm font-semibold text-[var(--ui-link)] underline underline-offset-2">
          Change roles or remove<span className="sr-only"> {m.email}</span>
        </summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <PortalForm
            action={changeRolesAction.bind(null, { businessId, memberId: m.memberId })}
            label={`Roles of ${m.email}`}
            submit="Save roles"
            pendingLabel="Saving…"
            variant="secondary"
          >
            <MembersRoleCheckboxes idPrefix={`roles-${m.memberId}`} checked={m.roles} />
          </PortalForm>
          <PortalForm
            action={removeMemberAction.bind(null, { businessId, memberId: m.memberId })}
            label={`Remove ${m.email}`}
            submit="Remove member"
            pendingLabel="Removing…"
            variant="secondary"
          >
            <input type="hidden" name="confirm" value="yes" />
            <p className="text-sm text-slate-700">They lose access to this business at once. You can invite them again later.</p>
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
    return (
      <PortalPageShell
        {...frame}
        title="Members"
        badge={null}
        intro={
          <>
            <p className="mt-2 text-sm text-slate-700">
              People who work on {member.business.name}. Members sign in with their own verified email; an invitation is pending until they do. A business
              always keeps at least one owner, and nobody changes their own roles.
            </p>
            <ul className="mt-4 space-y-3" aria-label="Members">
              {members.map((m) => (
                <MemberItem key={m.memberId} m={m} businessId={businessId} manage={manage} />
              ))}
            </ul>
          </>
        }
      >
        {manage ? (
          <Card labelledBy="invite-title">
            <h2 id="invite-title" className="text-lg font-semibold text-slate-900">
              Invite a member
            </h2>
            <p className="mt-1 text-sm text-slate-700">We email them a link to the portal. They sign in (or sign up) with this address to join.</p>
            <div className="mt-4">
              <PortalForm action={inviteMemberAction.bind(null, { businessId })} label="Invite a member" submit="Send invitation" pendingLabel="Inviting…">
                <Field id="invite-email" label="Email">
                  {(c) => <Input {...c} name="email" type="email" required maxLength={254} autoComplete="off" />}
                </Field>
                <MembersRoleCheckboxes idPrefix="invite-role" checked={["developer"]} />
              </PortalForm>
            </div>
          </Card>
        ) : (
          <p className="text-sm text-slate-700">Only owners and admins invite members and change roles.</p>
        )}
      </PortalPageShell>
    );
  });
};

export default MembersPage;
