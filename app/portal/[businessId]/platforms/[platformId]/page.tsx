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
import { can } from "@/lib/portal/permissions";
import { MANAGEMENT_SCOPES } from "@/lib/platform/scopes";
import { portalPage, segmentText } from "../../../_lib/page";
import { createPlatformKeyAction, requestPlatformScopesAction, revokePlatformKeyAction, rotatePlatformKeyAction } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Platform · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string; platformId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const when = (d: Date | string | null) => (d ? `${new Date(d).toISOString().slice(0, 16).replace("T", " ")} UTC` : "Never");

const KEY_STATUS = {
  active: { label: "Active", tone: "success" },
  pending: { label: "Pending scopes", tone: "warning" },
  revoked: { label: "Revoked", tone: "danger" },
} as const;

const REQUEST_STATUS: Record<string, { label: string; tone: "success" | "warning" | "danger" | "neutral" }> = {
  approved: { label: "Approved", tone: "success" },
  pending: { label: "Pending review", tone: "warning" },
  rejected: { label: "Rejected", tone: "danger" },
};

const PlatformPage = async ({ params, searchParams }: Props) => {
  const { businessId, platformId: rawId } = await params;
  const platformId = segmentText(rawId);
  const environment = environmentOf((await searchParams).env);
  const base = `/portal/${businessId}/platforms/${encodeURIComponent(platformId)}`;
  return portalPage(
    { businessId, environment, current: "platforms", load: (ctx) => loadPortalPlatform(ctx, { businessId, platformId, environment }) },
    ({ member, platform, scopes, requests, keys }, frame) => {
      const manage = can(member.permissions, "platforms:write");
      const bound = { businessId, platformId: platform.id };
      return (
        <PortalPageShell
          {...frame}
          here={base}
          title={platform.name}
          back={{ href: `/portal/${businessId}/platforms`, label: "Platforms" }}
          intro={
            <>
              {platform.description ? <p className="mt-2 text-sm [overflow-wrap:anywhere] text-slate-700">{platform.description}</p> : null}
              <p className="mt-2 text-xs [overflow-wrap:anywhere] text-slate-600">
                Platform id <code className="font-mono">{platform.id}</code> · registered {when(platform.createdAt)}
              </p>
              <PlatformTabs base={base} current="keys" environment={environment} />
            </>
          }
        >
          <Card labelledBy="scopes">
            <h2 id="scopes" className="text-lg font-semibold text-slate-900">
              Scopes
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              A key can use a scope only when the platform is approved for it. Test scopes are approved at once, for test keys only; live scopes wait for the
              instance’s operator.
            </p>
            <dl className="mt-4 grid gap-4">
              <div>
                <dt className="text-sm font-semibold text-slate-900">Approved (test and live)</dt>
                <dd>
                  <ScopeChips scopes={scopes.approved} label="Approved scopes" />
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-900">Approved for test keys</dt>
                <dd>
                  <ScopeChips scopes={scopes.testApproved} label="Scopes approved for test keys" />
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-slate-900">Pending: live scopes waiting for an operator</dt>
                <dd>
                  <ScopeChips scopes={scopes.pending} label="Pending scopes" />
                </dd>
              </div>
            </dl>
            {manage ? (
              <div className="mt-6 border-t border-slate-200 pt-4">
                <h3 className="font-semibold text-slate-900">Request {environment} scopes</h3>
                {scopes.requestable.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-700">
                    Every scope is approved{environment === "live" ? " or waiting for review" : ""} in {environment} mode.
                  </p>
                ) : (
                  <div className="mt-3">
                    <PortalForm
                      action={requestPlatformScopesAction.bind(null, bound)}
                      label={`Request ${environment} scopes`}
                      submit={environment === "test" ? "Request (approved at once)" : "Request for review"}
                      pendingLabel="Requesting…"
                      variant="secondary"
                    >
                      <input type="hidden" name="environment" value={environment} />
                      <ScopeCheckboxes idPrefix="request" scopes={scopes.requestable} legend={`Scopes to request in ${environment} mode`} />
                    </PortalForm>
                  </div>
                )}
              </div>
            ) : null}
          </Card>

          <Card labelledBy="requests">
            <h2 id="requests" className="text-lg font-semibold text-slate-900">
              Scope requests
            </h2>
            {requests.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">No scope requests yet.</p>
            ) : (
              <ul className="mt-4 space-y-3" aria-label="Scope requests">
                {requests.map((r) => {
                  const st = REQUEST_STATUS[r.status] ?? { label: r.status, tone: "neutral" as const };
                  return (
                    <li key={r.id} className="rounded-lg p-3 ring-1 ring-slate-200 ring-inset" data-testid={`request-${r.id}`}>
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <p className="text-sm font-semibold text-slate-900">
                          {r.environment === "live" ? "Live" : "Test"} · {when(r.createdAt)}
                        </p>
                        <Badge tone={st.tone} dot>
                          {st.label}
                        </Badge>
                      </div>
                      <ScopeChips scopes={r.scopes} label="Requested scopes" />
                      {r.decidedAt ? (
                        <p className="mt-2 text-xs text-slate-600">
                          {r.status === "rejected" ? "Rejected" : "Approved"} {when(r.decidedAt)}
                          {r.decidedBy && r.decidedBy !== "auto"
                            ? ` by ${r.decidedBy}`
                            : r.decidedBy === "auto" || r.environment === "test"
                              ? " automatically"
                              : ""}
                        </p>
                      ) : null}
                      {r.note ? (
                        <p className="mt-2 rounded bg-slate-50 px-2 py-1 text-sm [overflow-wrap:anywhere] text-slate-800">
                          <span className="font-semibold">Operator’s note:</span> {r.note}
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
              {environment === "live" ? "Live" : "Test"} keys
            </h2>
            <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-700">
              Sent as <code className="font-mono text-xs">Authorization: Bearer service_platform_{environment}_…</code>. A key is shown once, when it is made;
              afterwards only its prefix. Switch to {environment === "live" ? "Test" : "Live"} at the top for the other keys.
            </p>
            {manage ? (
              <div className="mt-4 border-t border-slate-200 pt-4">
                <h3 className="font-semibold text-slate-900">Create a {environment} key</h3>
                <div className="mt-3">
                  <PortalForm
                    action={createPlatformKeyAction.bind(null, bound)}
                    label={`Create a ${environment} key`}
                    submit="Create key"
                    pendingLabel="Creating…"
                    keepValuesOnError
                  >
                    <input type="hidden" name="environment" value={environment} />
                    <Field id="key-label" label="Label">
                      {(c) => <Input {...c} name="label" required maxLength={100} autoComplete="off" />}
                    </Field>
                    <ScopeCheckboxes
                      idPrefix="key"
                      scopes={scopes.grantable}
                      checked={MANAGEMENT_SCOPES}
                      legend={`Scopes (approved for ${environment} keys)`}
                    />
                  </PortalForm>
                </div>
              </div>
            ) : null}
            {keys.length === 0 ? (
              <p className="mt-4 text-sm text-slate-700">No {environment} keys yet.</p>
            ) : (
              <ul className="mt-4 space-y-3" aria-label={`${environment} keys`}>
                {keys.map((k) => (
                  <li key={k.keyId} className="rounded-lg p-3 ring-1 ring-slate-200 ring-inset" data-testid={`key-${k.keyId}`} data-prefix={k.prefix}>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">{k.label || "(no label)"}</p>
                      <Badge tone={k.expiresAt && k.status !== "revoked" ? "warning" : KEY_STATUS[k.status].tone}>
                        {k.expiresAt && k.status !== "revoked" ? "Rotated (grace period)" : KEY_STATUS[k.status].label}
                      </Badge>
                    </div>
                    <dl className="mt-2 grid gap-1 text-xs text-slate-700 sm:grid-cols-3">
                      <div>
                        <dt className="inline text-slate-600">Prefix </dt>
                        <dd className="inline font-mono text-slate-900">{k.prefix}…</dd>
                      </div>
                      <div>
                        <dt className="inline text-slate-600">Created </dt>
                        <dd className="inline">{when(k.createdAt)}</dd>
                      </div>
                      <div>
                        <dt className="inline text-slate-600">Last used </dt>
                        <dd className="inline">{when(k.lastUsedAt)}</dd>
                      </div>
                      {k.expiresAt ? (
                        <div className="sm:col-span-3">
                          <dt className="inline text-slate-600">{k.status === "revoked" ? "Stopped working " : "Works until "}</dt>
                          <dd className="inline">{when(k.expiresAt)}</dd>
                        </div>
                      ) : null}
                    </dl>
                    <details className="mt-2 text-xs text-slate-700">
                      <summary className="min-h-11 cursor-pointer content-center font-semibold text-slate-900">
                        {k.activeScopes.length} of {k.requestedScopes.length} scopes active
                      </summary>
                      <ScopeChips scopes={k.activeScopes} label="Active scopes" />
                      {k.requestedScopes.length > k.activeScopes.length ? (
                        <>
                          <p className="mt-2">Waiting for approval:</p>
                          <ScopeChips scopes={k.requestedScopes.filter((s) => !k.activeScopes.includes(s))} label="Scopes waiting for approval" />
                        </>
                      ) : null}
                    </details>
                    {manage && k.status !== "revoked" ? (
                      <div className="mt-3 grid gap-3 sm:grid-cols-2">
                        {k.replacedByKeyId ? null : (
                          <PortalForm
                            action={rotatePlatformKeyAction.bind(null, { ...bound, keyId: k.keyId })}
                            label={`Rotate key ${k.prefix}`}
                            submit="Rotate"
                            pendingLabel="Rotating…"
                            variant="secondary"
                          >
                            <Field id={`grace-${k.keyId}`} label="Grace period (days, 1 to 30)" hint="Both keys work until it ends.">
                              {(c) => <Input {...c} name="gracePeriodDays" defaultValue="7" inputMode="numeric" autoComplete="off" />}
                            </Field>
                          </PortalForm>
                        )}
                        <PortalForm
                          action={revokePlatformKeyAction.bind(null, { ...bound, keyId: k.keyId })}
                          label={`Revoke key ${k.prefix}`}
                          submit="Revoke"
                          pendingLabel="Revoking…"
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
                            <span>Requests with this key will get 401 at once, for good.</span>
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
