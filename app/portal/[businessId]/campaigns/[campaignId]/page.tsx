// /portal/{businessId}/campaigns/{campaignId}: one campaign: status and funding (the ledger totals of GET
// /v1/campaign/{id}), start, stop and withdraw with their progress (jobs: the page follows each until it is
// done), link invites (list and create), linked players and recent payouts. campaigns:read to see,
// campaigns:write to act; the actions call the campaign-key services (lib/campaigns, lib/invites).
import type { Metadata } from "next";
import { CampaignOperationProgress } from "@/components/portal/campaign-operation-progress";
import { PortalQueryProvider } from "@/components/portal/query-provider";
import { CampaignStatusBadge, usdc } from "@/components/portal/campaign-status";
import { EnvironmentBadge } from "@/components/portal/environment-badge";
import { envHref } from "@/components/portal/env-href";
import { PortalForm } from "@/components/portal/portal-form";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Table, Td, Th } from "@/components/ui/table";
import { environmentOf } from "@/components/portal/env-href";
import { loadPortalCampaign } from "@/lib/portal/load-portal-campaign";
import { operationProgressView } from "@/lib/portal/load-portal-campaign-operation";
import { can } from "@/lib/portal/permissions";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../../_lib/page";
import { campaignOperationAction, createCampaignInviteAction } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Campaign · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string; campaignId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const when = (d: Date | string | null | undefined) => (d ? `${new Date(d).toISOString().slice(0, 16).replace("T", " ")} UTC` : "—");

const H2 = ({ id, children }: { id: string; children: string }) => (
  <h2 id={id} className="text-lg font-semibold text-slate-900">
    {children}
  </h2>
);

const CampaignPage = async ({ params, searchParams }: Props) => {
  const { businessId, campaignId } = await params;
  const asked = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment: asked, current: "campaigns", load: (ctx) => loadPortalCampaign(ctx, { businessId, campaignId }) },
    ({ member, campaign, users, invites, payouts, payoutCount, operations }, frame) => {
      const environment = campaign.environment;
      const manage = can(member.permissions, "campaigns:write");
      const pending = operations.find((o) => o.status === "pending");
      const latest = operations[0];
      const shown = pending ?? latest;
      const act = (action: "start" | "stop" | "withdraw") => campaignOperationAction.bind(null, { businessId, campaignId: campaign.id, action });
      const actions = [
        ...(campaign.status === "created" || campaign.status === "stopped"
          ? [{ action: "start" as const, submit: "Start campaign", pending: "Starting…", note: "Events are accepted and paid from the moment it starts." }]
          : []),
        ...(campaign.status === "started"
          ? [{ action: "stop" as const, submit: "Stop campaign", pending: "Stopping…", note: "Events are refused from the moment it stops." }]
          : []),
        ...(campaign.status === "stopped" && campaign.availableToWithdraw > 0
          ? [
              {
                action: "withdraw" as const,
                submit: `Withdraw ${usdc(campaign.availableToWithdraw)}`,
                pending: "Withdrawing…",
                note: "The whole balance goes back to the business funding wallet.",
              },
            ]
          : []),
      ];
      return (
        <PortalPageShell
          {...frame}
          environment={environment}
          back={{ href: envHref(`/portal/${encodeURIComponent(businessId)}/campaigns`, environment), label: "Campaigns" }}
          title={campaign.name}
          badge={
            <div className="flex items-center gap-2">
              <CampaignStatusBadge status={campaign.status} pending={pending?.kind} />
              <EnvironmentBadge environment={environment} />
            </div>
          }
          intro={
            <>
              <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-slate-600">Funded in total</dt>
                  <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="funded">
                    {usdc(campaign.totalAmountFunded)}
                  </dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-slate-600">Paid out ({payoutCount} payouts)</dt>
                  <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="paid-out">
                    {usdc(campaign.totalAmountPaidOut)}
                  </dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-slate-600">Balance (available to withdraw)</dt>
                  <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="balance">
                    {usdc(campaign.availableToWithdraw)}
                  </dd>
                </div>
              </dl>
              <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-slate-600">Campaign id</dt>
                  <dd className="font-mono text-xs break-all text-slate-900">{campaign.id}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Custody address ({campaign.chain})</dt>
                  <dd className="font-mono text-xs break-all text-slate-900">{campaign.address}</dd>
                </div>
              </dl>
            </>
          }
        >
          <Card labelledBy="lifecycle-title">
            <H2 id="lifecycle-title">Start, stop and withdraw</H2>
            <p className="mt-1 text-sm text-slate-700">
              The status changes at once; a background job then confirms it and sends the webhook (and, for a withdrawal, moves the money).
            </p>
            {shown ? (
              <div className="mt-4">
                <PortalQueryProvider>
                  <CampaignOperationProgress
                    key={shown.id}
                    url={`/portal/${encodeURIComponent(businessId)}/campaigns/${encodeURIComponent(campaign.id)}/operations/${encodeURIComponent(shown.id)}`}
                    op={operationProgressView(shown)}
                  />
                </PortalQueryProvider>
              </div>
            ) : null}
            {manage ? (
              actions.length ? (
                <div className="mt-4 grid gap-3 sm:grid-cols-2">
                  {actions.map((a) => (
                    <PortalForm
                      key={a.action}
                      action={act(a.action)}
                      label={a.submit}
                      submit={a.submit}
                      pendingLabel={a.pending}
                      variant={a.action === "start" ? "primary" : "secondary"}
                    >
                      <input type="hidden" name="confirm" value="yes" />
                      <p className="text-xs text-slate-600">{a.note}</p>
                    </PortalForm>
                  ))}
                </div>
              ) : (
                <p className="mt-4 text-sm text-slate-700">Nothing to do in this state: a stopped campaign with no balance can be started again once funded.</p>
              )
            ) : (
              <p className="mt-4 text-sm text-slate-700">Your role can see this campaign but not start, stop or withdraw it.</p>
            )}
            {operations.length > 1 ? (
              <details className="mt-4 text-sm">
                <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-slate-900">Earlier operations</summary>
                <ul className="mt-2 space-y-1 text-slate-700">
                  {operations.slice(1).map((o) => (
                    <li key={o.id}>
                      {o.kind} — {o.status}, requested {when(o.createdAt)}
                      {o.completedAt ? `, done ${when(o.completedAt)}` : ""}
                      {o.amountUsdc !== null ? ` (${usdc(o.amountUsdc)})` : ""}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </Card>

          <Card labelledBy="invites-title">
            <H2 id="invites-title">Link invites</H2>
            <p className="mt-1 text-sm text-slate-700">One URL any number of players can open to link to this campaign.</p>
            {manage ? (
              <div className="mt-4">
                <PortalForm
                  action={createCampaignInviteAction.bind(null, { businessId, campaignId: campaign.id })}
                  label="Create a link invite"
                  submit="Create invite"
                  pendingLabel="Creating…"
                  variant="secondary"
                >
                  <div className="grid gap-3 sm:grid-cols-2">
                    <Field id="invite-label" label="Label (optional)">
                      {(c) => <Input {...c} name="label" maxLength={120} autoComplete="off" />}
                    </Field>
                    <Field id="invite-max" label="Maximum uses (optional)" hint="Empty: unlimited.">
                      {(c) => <Input {...c} name="maxUses" inputMode="numeric" autoComplete="off" />}
                    </Field>
                  </div>
                </PortalForm>
              </div>
            ) : null}
            {invites.length === 0 ? (
              <p className="mt-4 text-sm text-slate-700">No invites yet.</p>
            ) : (
              <Table caption="Link invites of this campaign" className="mt-4">
                <thead>
                  <tr>
                    <Th>Invite</Th>
                    <Th>Status</Th>
                    <Th className="text-right">Uses</Th>
                    <Th>Created</Th>
                  </tr>
                </thead>
                <tbody>
                  {invites.map((i) => (
                    <tr key={i.code}>
                      <Td className="min-w-48">
                        <span className="block font-semibold text-slate-900">{i.label ?? "(no label)"}</span>
                        <span className="block font-mono text-xs break-all text-slate-700">{i.url}</span>
                      </Td>
                      <Td>
                        <Badge tone={i.status === "active" ? "success" : i.status === "revoked" ? "danger" : "warning"}>{i.status}</Badge>
                      </Td>
                      <Td className="text-right tabular-nums">
                        {i.currentUses}
                        {i.maxUses ? ` / ${i.maxUses}` : ""}
                      </Td>
                      <Td className="whitespace-nowrap">{when(i.createdAt)}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Card>

          <Card labelledBy="players-title">
            <H2 id="players-title">{`Linked players (${users.pagination.totalCount})`}</H2>
            {users.users.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">No players linked yet.</p>
            ) : (
              <Table caption="Players linked to this campaign" className="mt-4">
                <thead>
                  <tr>
                    <Th>userRef</Th>
                    <Th>Email</Th>
                    <Th>Linked</Th>
                  </tr>
                </thead>
                <tbody>
                  {users.users.map((u) => (
                    <tr key={u.linkId}>
                      <Td className="font-mono text-xs break-all">{u.userRef}</Td>
                      <Td className="break-all">{u.email}</Td>
                      <Td className="whitespace-nowrap">{when(u.linkedAt)}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Card>

          <Card labelledBy="payouts-title">
            <H2 id="payouts-title">{`Recent payouts (${payoutCount})`}</H2>
            {payouts.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">No payouts yet.</p>
            ) : (
              <Table caption="Recent payouts of this campaign" className="mt-4">
                <thead>
                  <tr>
                    <Th>Event</Th>
                    <Th>Player</Th>
                    <Th className="text-right">Amount</Th>
                    <Th>When</Th>
                  </tr>
                </thead>
                <tbody>
                  {payouts.map((p) => (
                    <tr key={p.id}>
                      <Td>{p.eventName || p.eventCode || "Tip"}</Td>
                      <Td className="font-mono text-xs break-all">{p.userRef}</Td>
                      <Td className="text-right whitespace-nowrap tabular-nums">{usdc(p.amountUsdc)}</Td>
                      <Td className="whitespace-nowrap">{when(p.createdAt)}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default CampaignPage;
