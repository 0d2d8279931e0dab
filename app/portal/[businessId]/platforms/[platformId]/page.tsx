// /portal/{businessId}/platforms/{platformId}: a platform the business registered: its scopes (approved in both
// modes, approved for test keys, live ones waiting for an operator), the form that requests more (test: approved
// at once; live: pending), the scope requests with their status and the operator's note, and its keys of the
// selected environment: create (scopes out of the approved set, raw value shown once), rotate with a grace
// period, revoke after a confirmation; each with its scopes, status and last use.
import type { Metadata } from "next";
import { environmentOf } from "@/components/portal/env-href";
import { PlatformTabs, ScopeCheckboxes, ScopeChips } from "@/components/portal/platform-parts";
import { PortalForm } from "@/components/portal/portal-form";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { loadPortalPlatform } from "@/lib/portal/load-portal-platform";
import { getTranslator } from "@/lib/i18n/translator";
import { can } from "@/lib/portal/permissions";
import { MANAGEMENT_SCOPES } from "@/lib/platform/scopes";
import { portalPage, segmentText } from "../../../_lib/page";
import { createPlatformKeyAction, requestPlatformScopesAction, revokePlatformKeyAction, rotatePlatformKeyAction } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Platform · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string; platformId: string }>; searchParams: Promise<{ env?: string | string[] }> };

/** "2026-11-26 07:02 UTC", or `never` */
const whenOr = (never: string) => (d: Date | string | null) => (d ? `${new Date(d).toISOString().slice(0, 16).replace("T", " ")} UTC` : never);

// the labels are messages/<locale>/portal-logs.json platform.keyStatus.<status> / platform.requestStatus.<status>
const KEY_TONE = { active: "success", pending: "warning", revoked: "danger" } as const;

const REQUEST_TONE: Record<string, "success" | "warning" | "danger" | "neutral"> = { approved: "success", pending: "warning", rejected: "danger" };

const PlatformPage = async ({ params, searchParams }: Props) => {
  const { businessId, platformId: rawId } = await params;
  const platformId = segmentText(rawId);
  const environment = environmentOf((await searchParams).env);
  const base = `/portal/${businessId}/platforms/${encodeURIComponent(platformId)}`;
  return portalPage(
    { businessId, environment, current: "platforms", load: (ctx) => loadPortalPlatform(ctx, { businessId, platformId, environment }) },
    ({ member, platform, scopes, requests, keys }, frame) => {
      const t = getTranslator(frame.locale, "portal-logs");
      const when = whenOr(t("platform.never"));
      const manage = can(member.permissions, "platforms:write");
      const bound = { businessId, platformId: platform.id };
      return (
        <PortalPageShell
          {...frame}
          translated
          here={base}
          title={platform.name}
          back={{ href: `/portal/${businessId}/platforms`, label: t("platform.back") }}
          intro={
            <>
              {platform.description ? <p className="mt-2 text-sm [overflow-wrap:anywhere] text-slate-700">{platform.description}</p> : null}
              <p className="mt-2 text-xs [overflow-wrap:anywhere] text-slate-600">
                {t.rich("platform.idLine", { id: platform.id, date: when(platform.createdAt), code: (c) => <code className="font-mono">{c}</code> })}
              </p>
              <PlatformTabs base={base} current="keys" environment={environment} locale={frame.locale} />
            </>
          }
        >
          <Card labelledBy="scopes">
            <h2 id="scopes" className="text-lg font-semibold text-slate-900">
              {t("platform.scopes.title")}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t("platform.scopes.intro")}</p>
            <dl className="mt-4 grid gap-4">
              <div>
                <dt className="text-sm font-semibold text-slate-900">{t("platform.scopes.approved")}</dt>
                <dd>
                  <ScopeChips scopes={scopes.approved} label={t("platform.scopes.approvedLabel")} empty={t("platform.scopes.none")} />
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-900">{t("platform.scopes.testApproved")}</dt>
                <dd>
                  <ScopeChips scopes={scopes.testApproved} label={t("platform.scopes.testApprovedLabel")} empty={t("platform.scopes.none")} />
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-900">{t("platform.scopes.pending")}</dt>
                <dd>
                  <ScopeChips scopes={scopes.pending} label={t("platform.scopes.pendingLabel")} empty={t("platform.scopes.none")} />
                </dd>
              </div>
            </dl>
            {manage ? (
              <div className="mt-6 border-t border-slate-200 pt-4">
                <h3 className="font-semibold text-slate-900">{t("platform.scopes.request", { environment })}</h3>
                {scopes.requestable.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-700">{t("platform.scopes.allApproved", { environment })}</p>
                ) : (
                  <div className="mt-3">
                    <PortalForm
                      action={requestPlatformScopesAction.bind(null, bound)}
                      label={t("platform.scopes.request", { environment })}
                      submit={environment === "test" ? t("platform.scopes.submitTest") : t("platform.scopes.submitLive")}
                      pendingLabel={t("platform.scopes.requesting")}
                      variant="secondary"
                    >
                      <input type="hidden" name="environment" value={environment} />
                      <ScopeCheckboxes idPrefix="request" scopes={scopes.requestable} legend={t("platform.scopes.legend", { environment })} />
                    </PortalForm>
                  </div>
                )}
              </div>
            ) : null}
          </Card>

          <Card labelledBy="requests">
            <h2 id="requests" className="text-lg font-semibold text-slate-900">
              {t("platform.requests.title")}
            </h2>
            {requests.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">{t("platform.requests.none")}</p>
            ) : (
              <ul className="mt-4 space-y-3" aria-label={t("platform.requests.title")}>
                {requests.map((r) => {
                  const st =
                    r.status in REQUEST_TONE
                      ? { label: t(`platform.requestStatus.${r.status}`), tone: REQUEST_TONE[r.status]! }
                      : { label: r.status, tone: "neutral" as const };
                  return (
                    <li key={r.id} className="rounded-lg p-3 ring-1 ring-slate-200 ring-inset" data-testid={`request-${r.id}`}>
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <p className="text-sm font-semibold text-slate-900">
                          {t("platform.requests.env", { environment: r.environment, date: when(r.createdAt) })}
                        </p>
                        <Badge tone={st.tone} dot>
                          {st.label}
                        </Badge>
                      </div>
                      <ScopeChips scopes={r.scopes} label={t("platform.requests.requested")} empty={t("platform.scopes.none")} />
                      {r.decidedAt ? (
                        <p className="mt-2 text-xs text-slate-600">
                          {t("platform.requests.decided", {
                            status: r.status,
                            date: when(r.decidedAt),
                            by: r.decidedBy && r.decidedBy !== "auto" ? r.decidedBy : r.decidedBy === "auto" || r.environment === "test" ? "auto" : "none",
                          })}
                        </p>
                      ) : null}
                      {r.note ? (
                        <p className="mt-2 rounded bg-slate-50 px-2 py-1 text-sm [overflow-wrap:anywhere] text-slate-800">
                          <span className="font-semibold">{t("platform.requests.note")}</span> {r.note}
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>

          <Card labelledBy="keys">
            <h2 id="keys" className="text-lg font-semibold text-slate-900">
              {t("platform.keys.title", { environment })}
            </h2>
            <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-700">
              {t.rich("platform.keys.intro", { environment, code: (c) => <code className="font-mono text-xs">{c}</code> })}
            </p>
            {manage ? (
              <div className="mt-4 border-t border-slate-200 pt-4">
                <h3 className="font-semibold text-slate-900">{t("platform.keys.create", { environment })}</h3>
                <div className="mt-3">
                  <PortalForm
                    action={createPlatformKeyAction.bind(null, bound)}
                    label={t("platform.keys.create", { environment })}
                    submit={t("platform.keys.createSubmit")}
                    pendingLabel={t("platform.keys.creating")}
                    keepValuesOnError
                  >
                    <input type="hidden" name="environment" value={environment} />
                    <Field id="key-label" label={t("platform.keys.label")}>
                      {(c) => <Input {...c} name="label" required maxLength={100} autoComplete="off" />}
                    </Field>
                    <ScopeCheckboxes
                      idPrefix="key"
                      scopes={scopes.grantable}
                      checked={MANAGEMENT_SCOPES}
                      legend={t("platform.keys.scopesLegend", { environment })}
                    />
                  </PortalForm>
                </div>
              </div>
            ) : null}
            {keys.length === 0 ? (
              <p className="mt-4 text-sm text-slate-700">{t("platform.keys.none", { environment })}</p>
            ) : (
              <ul className="mt-4 space-y-3" aria-label={t("platform.keys.list", { environment })}>
                {keys.map((k) => (
                  <li key={k.keyId} className="rounded-lg p-3 ring-1 ring-slate-200 ring-inset" data-testid={`key-${k.keyId}`} data-prefix={k.prefix}>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">{k.label || t("platform.keys.noLabel")}</p>
                      <Badge tone={k.expiresAt && k.status !== "revoked" ? "warning" : KEY_TONE[k.status]}>
                        {k.expiresAt && k.status !== "revoked" ? t("platform.keyStatus.grace") : t(`platform.keyStatus.${k.status}`)}
                      </Badge>
                    </div>
                    <dl className="mt-2 grid gap-1 text-xs text-slate-700 sm:grid-cols-3">
                      <div>
                        <dt className="inline text-slate-600">{t("platform.keys.prefix")} </dt>
                        <dd className="inline font-mono text-slate-900">{k.prefix}…</dd>
                      </div>
                      <div>
                        <dt className="inline text-slate-600">{t("platform.keys.created")} </dt>
                        <dd className="inline">{when(k.createdAt)}</dd>
                      </div>
                      <div>
                        <dt className="inline text-slate-600">{t("platform.keys.lastUsed")} </dt>
                        <dd className="inline">{when(k.lastUsedAt)}</dd>
                      </div>
                      {k.expiresAt ? (
                        <div className="sm:col-span-3">
                          <dt className="inline text-slate-600">{k.status === "revoked" ? t("platform.keys.stopped") : t("platform.keys.worksUntil")} </dt>
                          <dd className="inline">{when(k.expiresAt)}</dd>
                        </div>
                      ) : null}
                    </dl>
                    <details className="mt-2 text-xs text-slate-700">
                      <summary className="min-h-11 cursor-pointer content-center font-semibold text-slate-900">
                        {t("platform.keys.activeCount", { active: k.activeScopes.length, requested: k.requestedScopes.length })}
                      </summary>
                      <ScopeChips scopes={k.activeScopes} label={t("platform.keys.activeLabel")} empty={t("platform.scopes.none")} />
                      {k.requestedScopes.length > k.activeScopes.length ? (
                        <>
                          <p className="mt-2">{t("platform.keys.waiting")}</p>
                          <ScopeChips
                            scopes={k.requestedScopes.filter((s) => !k.activeScopes.includes(s))}
                            label={t("platform.keys.waitingLabel")}
                            empty={t("platform.scopes.none")}
                          />
                        </>
                      ) : null}
                    </details>
                    {manage && k.status !== "revoked" ? (
                      <div className="mt-3 grid gap-3 sm:grid-cols-2">
                        {k.replacedByKeyId ? null : (
                          <PortalForm
                            action={rotatePlatformKeyAction.bind(null, { ...bound, keyId: k.keyId })}
                            label={t("platform.keys.rotate", { prefix: k.prefix })}
                            submit={t("platform.keys.rotateSubmit")}
                            pendingLabel={t("platform.keys.rotating")}
                            variant="secondary"
                          >
                            <Field id={`grace-${k.keyId}`} label={t("platform.keys.grace")} hint={t("platform.keys.graceHint")}>
                              {(c) => <Input {...c} name="gracePeriodDays" defaultValue="7" inputMode="numeric" autoComplete="off" />}
                            </Field>
                          </PortalForm>
                        )}
                        <PortalForm
                          action={revokePlatformKeyAction.bind(null, { ...bound, keyId: k.keyId })}
                          label={t("platform.keys.revoke", { prefix: k.prefix })}
                          submit={t("platform.keys.revokeSubmit")}
                          pendingLabel={t("platform.keys.revoking")}
                          variant="secondary"
                        >
                          <label htmlFor={`confirm-${k.keyId}`} className="flex min-h-11 items-center gap-3 text-sm text-slate-900">
                            <input
                              id={`confirm-${k.keyId}`}
                              type="checkbox"
                              name="confirm"
                              value="revoke"
                              required
                              className="size-5 shrink-0 accent-slate-900"
                            />
                            <span>{t("platform.keys.revokeConfirm")}</span>
                          </label>
                        </PortalForm>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default PlatformPage;
