// /portal/{businessId}/platforms/{platformId}/businesses: the businesses connected to a platform the business
// registered, in the selected environment: each grant (scopes, status, how it was granted, when, last use)
// and the business's activation status (the five verification statuses; "pending" reads "Submitted — in
// review"). Members with platforms:read; another business's platform is a 404.
import type { Metadata } from "next";
import { environmentOf } from "@/components/portal/env-href";
import { PlatformTabs, ScopeChips } from "@/components/portal/platform-parts";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import type { VerificationStatus } from "@/lib/businesses/verification-statuses";
import { loadPortalPlatformBusinesses } from "@/lib/portal/load-portal-platform-businesses";
import { portalPage, segmentText } from "../../../../_lib/page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Connected businesses · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string; platformId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const when = (d: string | null) => (d ? `${d.slice(0, 16).replace("T", " ")} UTC` : "Never");

const ACTIVATION: Record<VerificationStatus, { label: string; tone: "success" | "warning" | "danger" | "neutral" }> = {
  not_started: { label: "Not started", tone: "neutral" },
  pending: { label: "Submitted — in review", tone: "warning" },
  approved: { label: "Approved", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
  action_required: { label: "Action required", tone: "warning" },
};

const SOURCE: Record<string, string> = { link_session: "Link session", invite: "Invite", direct: "Direct" };

const ConnectedBusinessesPage = async ({ params, searchParams }: Props) => {
  const { businessId, platformId: raw } = await params;
  const platformId = segmentText(raw);
  const environment = environmentOf((await searchParams).env);
  const base = `/portal/${businessId}/platforms/${encodeURIComponent(platformId)}`;
  return portalPage(
    { businessId, environment, current: "platforms", load: (ctx) => loadPortalPlatformBusinesses(ctx, { businessId, platformId, environment }) },
    ({ platform, grants }, frame) => (
      <PortalPageShell
        {...frame}
        here={`${base}/businesses`}
        title={platform.name}
        back={{ href: `/portal/${businessId}/platforms`, label: "Platforms" }}
        intro={
          <>
            <p className="mt-2 text-sm text-slate-700">
              The {environment} businesses that granted this platform scopes (through a link session or an invite, or directly when the platform created them),
              and whether each is approved to go live.
            </p>
            <PlatformTabs base={base} current="businesses" environment={environment} />
          </>
        }
      >
        <Card labelledBy="connected">
          <h2 id="connected" className="text-lg font-semibold text-slate-900">
            Connected businesses
          </h2>
          {grants.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">
              No {environment} business has connected yet. Send one a link session (<code className="font-mono text-xs">POST /v1/platform/link-sessions</code>)
              or an invite (<code className="font-mono text-xs">POST /v1/platform/invites</code>).
            </p>
          ) : (
            <ul className="mt-4 space-y-3" aria-label="Connected businesses">
              {grants.map((g) => (
                <li key={g.grantId} className="rounded-lg p-4 ring-1 ring-slate-200 ring-inset" data-testid={`grant-${g.grantId}`}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">{g.businessName}</p>
                    <div className="flex flex-wrap gap-2">
                      <Badge tone={g.status === "active" ? "success" : "danger"} dot>
                        Grant {g.status}
                      </Badge>
                      <Badge tone={ACTIVATION[g.activation].tone}>Activation: {ACTIVATION[g.activation].label}</Badge>
                    </div>
                  </div>
                  <dl className="mt-2 grid gap-1 text-xs text-slate-700 sm:grid-cols-2 lg:grid-cols-4">
                    <div className="min-w-0">
                      <dt className="inline text-slate-600">Business id </dt>
                      <dd className="inline font-mono [overflow-wrap:anywhere]">{g.businessId}</dd>
                    </div>
                    <div>
                      <dt className="inline text-slate-600">Granted by </dt>
                      <dd className="inline">
                        {SOURCE[g.source] ?? g.source}, {when(g.createdAt)}
                      </dd>
                    </div>
                    <div>
                      <dt className="inline text-slate-600">Last used </dt>
                      <dd className="inline">{when(g.lastUsedAt)}</dd>
                    </div>
                    {g.revokedAt ? (
                      <div>
                        <dt className="inline text-slate-600">Revoked </dt>
                        <dd className="inline">
                          {when(g.revokedAt)}
                          {g.revokedBy ? ` by the ${g.revokedBy}` : ""}
                        </dd>
                      </div>
                    ) : null}
                  </dl>
                  <details className="mt-2 text-xs text-slate-700">
                    <summary className="min-h-11 cursor-pointer content-center font-semibold text-slate-900">{g.grantedScopes.length} scopes granted</summary>
                    <ScopeChips scopes={g.grantedScopes} label={`Scopes ${g.businessName} granted`} />
                  </details>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </PortalPageShell>
    ),
  );
};

export default ConnectedBusinessesPage;
