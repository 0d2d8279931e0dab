// /portal/{businessId}/platforms: the platform console's start: the partner platforms the business registered
// (each links to its keys, scopes, webhooks, connected businesses and request log) and, for members with
// platforms:write, the form that registers one (name and description). A platform registered here belongs to
// the business: no other business sees it.
import type { Metadata } from "next";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { PortalForm } from "@/components/portal/portal-form";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { loadPortalPlatforms } from "@/lib/portal/load-portal-platforms";
import { can } from "@/lib/portal/permissions";
import { portalPage } from "../../_lib/page";
import { registerPlatformAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Platforms · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const PlatformsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "platforms", load: (ctx) => loadPortalPlatforms(ctx, { businessId }) },
    ({ member, platforms }, frame) => (
      <PortalPageShell
        {...frame}
        title="Platforms"
        badge={null}
        intro={
          <p className="mt-2 text-sm text-slate-700">
            A platform acts for other businesses through the platform API (<code className="font-mono text-xs">/v1/platform/…</code>) once they grant it scopes.
            Register the platforms your business runs, then give them keys, request their scopes and follow the businesses that connect.
          </p>
        }
      >
        <Card labelledBy="yours">
          <h2 id="yours" className="text-lg font-semibold text-slate-900">
            Your platforms
          </h2>
          {platforms.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">No platforms yet.</p>
          ) : (
            <ul className="mt-4 space-y-3" aria-label="Your platforms">
              {platforms.map((p) => (
                <li key={p.id} className="rounded-lg p-4 ring-1 ring-slate-200 ring-inset" data-testid={`platform-${p.id}`}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <a className={`${textLinkClass} min-w-0 [overflow-wrap:anywhere]`} href={envHref(`/portal/${businessId}/platforms/${p.id}`, environment)}>
                      {p.name}
                    </a>
                    <div className="flex flex-wrap gap-2">
                      {p.pendingScopes.length ? (
                        <Badge tone="warning">
                          {p.pendingScopes.length} live {p.pendingScopes.length === 1 ? "scope" : "scopes"} pending
                        </Badge>
                      ) : null}
                      <Badge tone={p.status === "active" ? "success" : "neutral"}>{p.status}</Badge>
                    </div>
                  </div>
                  {p.description ? <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-700">{p.description}</p> : null}
                  <p className="mt-2 text-xs text-slate-600">
                    {p.keys} {p.keys === 1 ? "key" : "keys"} · {p.connected} connected {p.connected === 1 ? "business" : "businesses"} · id{" "}
                    <code className="font-mono">{p.id}</code>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {can(member.permissions, "platforms:write") ? (
          <Card labelledBy="register">
            <h2 id="register" className="text-lg font-semibold text-slate-900">
              Register a platform
            </h2>
            <div className="mt-4 max-w-xl">
              <PortalForm
                action={registerPlatformAction.bind(null, { businessId })}
                label="Register a platform"
                submit="Register platform"
                pendingLabel="Registering…"
                keepValuesOnError
              >
                <Field id="platform-name" label="Name" hint="Businesses see it when they grant your platform access.">
                  {(c) => <Input {...c} name="name" required maxLength={100} autoComplete="off" />}
                </Field>
                <Field id="platform-description" label="Description">
                  {(c) => <Input {...c} name="description" maxLength={500} autoComplete="off" />}
                </Field>
              </PortalForm>
            </div>
          </Card>
        ) : null}
      </PortalPageShell>
    ),
  );
};

export default PlatformsPage;
