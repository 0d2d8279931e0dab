// /portal/{businessId}/campaigns/{campaignId}: one campaign: status and funding (the ledger totals of GET
// /v1/campaign/{id}), start, stop and withdraw with their progress (jobs: the page follows each until it is
// done), link invites (list and create), linked players and recent payouts. campaigns:read to see,
// campaigns:write to act; the actions call the campaign-key services (lib/campaigns, lib/invites).
import type { Metadata } from "next";
import { CampaignOperationProgress, type OperationWords } from "@/components/portal/campaign-operation-progress";
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
import { formatNumber } from "@/lib/i18n/format";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../../_lib/page";
import { getPortalLocale } from "../../../_lib/portal-locale";
import { campaignOperationAction, createCampaignInviteAction } from "../actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-more")("campaign.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string; campaignId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const when = (d: Date | string | null | undefined) => (d ? `${new Date(d).toISOString().slice(0, 16).replace("T", " ")} UTC` : "—");

const EVENT: Record<string, string> = { start: "Campaign.Started", stop: "Campaign.Stopped", withdraw: "Campaign.Withdrawn" };
const KINDS = new Set(["start", "stop", "withdraw"]);

/** The progress card's words for an operation of `kind`, in the member's language ("{time}", "{status}", "{error}" left for the card). */
const operationWords = (t: Translator, kind: string): OperationWords => {
  const verb = KINDS.has(kind) ? t(`operation.verb.${kind}`) : kind;
  const event = EVENT[kind] ?? "Webhook";
  return {
    verb,
    requested: t("operation.requested", { verb, time: "{time}" }),
    fundsMoved: t("operation.fundsMoved"),
    fundsMoving: t("operation.fundsMoving"),
    confirmed: t("operation.confirmed", { status: kind }),
    confirming: t("operation.confirming", { status: kind }),
    sent: t("operation.sent", { event }),
    sentAt: t("operation.sentAt", { event, time: "{time}" }),
    headDone: t("operation.headDone", { verb }),
    headFailed: t("operation.headFailed", { verb }),
    headRunning: t("operation.headRunning", { verb }),
    steps3: t("operation.steps3"),
    steps1: t("operation.steps1"),
    progress: t("operation.progress", { verb }),
    done: t("operation.done"),
    failed: t("operation.failed"),
    inProgress: t("operation.inProgress"),
    state: {
      done: t("operation.state.done"),
      running: t("operation.state.running"),
      failed: t("operation.state.failed"),
      waiting: t("operation.state.waiting"),
    },
    unreadable: t("operation.unreadable", { status: "{status}" }),
    retrying: t("operation.retrying", { error: "{error}" }),
    checking: t("operation.checking"),
    finalDone: t("operation.finalDone", { verb }),
    finalFailed: t("operation.finalFailed", { verb }),
  };
};

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
      const { locale } = frame;
      const t = getTranslator(locale, "portal-more");
      const money = (n: number) => usdc(n, locale);
      const manage = can(member.permissions, "campaigns:write");
      const pending = operations.find((o) => o.status === "pending");
      const latest = operations[0];
      const shown = pending ?? latest;
      const act = (action: "start" | "stop" | "withdraw") => campaignOperationAction.bind(null, { businessId, campaignId: campaign.id, action });
      const actions = [
        ...(campaign.status === "created" || campaign.status === "stopped"
          ? [{ action: "start" as const, submit: t("campaign.start"), pending: t("campaign.starting"), note: t("campaign.startNote") }]
          : []),
        ...(campaign.status === "started"
          ? [{ action: "stop" as const, submit: t("campaign.stop"), pending: t("campaign.stopping"), note: t("campaign.stopNote") }]
          : []),
        ...(campaign.status === "stopped" && campaign.availableToWithdraw > 0
          ? [
              {
                action: "withdraw" as const,
                submit: t("campaign.withdraw", { amount: money(campaign.availableToWithdraw) }),
                pending: t("campaign.withdrawing"),
                note: t("campaign.withdrawNote"),
              },
            ]
          : []),
      ];
      return (
        <PortalPageShell
          {...frame}
          environment={environment}
          back={{ href: envHref(`/portal/${encodeURIComponent(businessId)}/campaigns`, environment), label: t("campaign.back") }}
          title={campaign.name}
          translated
          badge={
            <div className="flex items-center gap-2">
              <CampaignStatusBadge status={campaign.status} pending={pending?.kind} locale={locale} />
              <EnvironmentBadge environment={environment} />
            </div>
          }
          intro={
            <>
              <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-slate-600">{t("campaign.funded")}</dt>
                  <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="funded">
                    {money(campaign.totalAmountFunded)}
                  </dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-slate-600">{t("campaign.paidOut", { count: formatNumber(locale, payoutCount) })}</dt>
                  <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="paid-out">
                    {money(campaign.totalAmountPaidOut)}
                  </dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-slate-600">{t("campaign.balance")}</dt>
                  <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="balance">
                    {money(campaign.availableToWithdraw)}
                  </dd>
                </div>
              </dl>
              <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-slate-600">{t("campaign.id")}</dt>
                  <dd className="font-mono text-xs break-all text-slate-900">{campaign.id}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t("campaign.address", { chain: campaign.chain })}</dt>
                  <dd className="font-mono text-xs break-all text-slate-900">{campaign.address}</dd>
                </div>
              </dl>
            </>
          }
        >
          <Card labelledBy="lifecycle-title">
            <H2 id="lifecycle-title">{t("campaign.lifecycleTitle")}</H2>
            <p className="mt-1 text-sm text-slate-700">{t("campaign.lifecycleIntro")}</p>
            {shown ? (
              <div className="mt-4">
                <PortalQueryProvider>
                  <CampaignOperationProgress
                    key={shown.id}
                    url={`/portal/${encodeURIComponent(businessId)}/campaigns/${encodeURIComponent(campaign.id)}/operations/${encodeURIComponent(shown.id)}`}
                    op={operationProgressView(shown)}
                    words={operationWords(t, shown.kind)}
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
                <p className="mt-4 text-sm text-slate-700">{t("campaign.nothingToDo")}</p>
              )
            ) : (
              <p className="mt-4 text-sm text-slate-700">{t("campaign.readOnly")}</p>
            )}
            {operations.length > 1 ? (
              <details className="mt-4 text-sm">
                <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-slate-900">{t("campaign.earlier")}</summary>
                <ul className="mt-2 space-y-1 text-slate-700">
                  {operations.slice(1).map((o) => (
                    <li key={o.id}>
                      {t("campaign.operation", { kind: o.kind, status: o.status, requested: when(o.createdAt) })}
                      {o.completedAt ? t("campaign.operationDone", { done: when(o.completedAt) }) : ""}
                      {o.amountUsdc !== null ? ` (${money(o.amountUsdc)})` : ""}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </Card>

          <Card labelledBy="invites-title">
            <H2 id="invites-title">{t("campaign.invitesTitle")}</H2>
            <p className="mt-1 text-sm text-slate-700">{t("campaign.invitesIntro")}</p>
            {manage ? (
              <div className="mt-4">
                <PortalForm
                  action={createCampaignInviteAction.bind(null, { businessId, campaignId: campaign.id })}
                  label={t("campaign.inviteForm")}
                  submit={t("campaign.inviteSubmit")}
                  pendingLabel={t("campaign.invitePending")}
                  variant="secondary"
                >
                  <div className="grid gap-3 sm:grid-cols-2">
                    <Field id="invite-label" label={t("campaign.inviteLabel")}>
                      {(c) => <Input {...c} name="label" maxLength={120} autoComplete="off" />}
                    </Field>
                    <Field id="invite-max" label={t("campaign.inviteMax")} hint={t("campaign.inviteMaxHint")}>
                      {(c) => <Input {...c} name="maxUses" inputMode="numeric" autoComplete="off" />}
                    </Field>
                  </div>
                </PortalForm>
              </div>
            ) : null}
            {invites.length === 0 ? (
              <p className="mt-4 text-sm text-slate-700">{t("campaign.noInvites")}</p>
            ) : (
              <Table caption={t("campaign.invitesCaption")} className="mt-4">
                <thead>
                  <tr>
                    <Th>{t("campaign.invite")}</Th>
                    <Th>{t("campaign.status")}</Th>
                    <Th className="text-right">{t("campaign.uses")}</Th>
                    <Th>{t("campaign.created")}</Th>
                  </tr>
                </thead>
                <tbody>
                  {invites.map((i) => (
                    <tr key={i.code}>
                      <Td className="min-w-48">
                        <span className="block font-semibold text-slate-900">{i.label ?? t("campaign.noLabel")}</span>
                        <span className="block font-mono text-xs break-all text-slate-700">{i.url}</span>
                      </Td>
                      <Td>
                        <Badge tone={i.status === "active" ? "success" : i.status === "revoked" ? "danger" : "warning"}>{i.status}</Badge>
                      </Td>
                      <Td className="text-right tabular-nums">
                        {formatNumber(locale, i.currentUses)}
                        {i.maxUses ? ` / ${formatNumber(locale, i.maxUses)}` : ""}
                      </Td>
                      <Td className="whitespace-nowrap">{when(i.createdAt)}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Card>

          <Card labelledBy="players-title">
            <H2 id="players-title">{t("campaign.playersTitle", { count: formatNumber(locale, users.pagination.totalCount) })}</H2>
            {users.users.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">{t("campaign.noPlayers")}</p>
            ) : (
              <Table caption={t("campaign.playersCaption")} className="mt-4">
                <thead>
                  <tr>
                    <Th>userRef</Th>
                    <Th>{t("campaign.email")}</Th>
                    <Th>{t("campaign.linked")}</Th>
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
            <H2 id="payouts-title">{t("campaign.payoutsTitle", { count: formatNumber(locale, payoutCount) })}</H2>
            {payouts.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">{t("campaign.noPayouts")}</p>
            ) : (
              <Table caption={t("campaign.payoutsCaption")} className="mt-4">
                <thead>
                  <tr>
                    <Th>{t("campaign.event")}</Th>
                    <Th>{t("campaign.player")}</Th>
                    <Th className="text-right">{t("campaign.amount")}</Th>
                    <Th>{t("campaign.when")}</Th>
                  </tr>
                </thead>
                <tbody>
                  {payouts.map((p) => (
                    <tr key={p.id}>
                      <Td>{p.eventName || p.eventCode || t("campaign.tip")}</Td>
                      <Td className="font-mono text-xs break-all">{p.userRef}</Td>
                      <Td className="text-right whitespace-nowrap tabular-nums">{money(p.amountUsdc)}</Td>
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
