// /portal/{businessId}/logs: the business's recent /v1 calls (its keys', and platforms' acting for it), newest
// first, with filters (key, status class, method, path) and the request id search. Each row opens the
// request's detail: redacted bodies, and for a failure, why it was refused. Members with logs:read only.
import type { Metadata } from "next";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { LogFilters } from "@/components/portal/log-filters";
import { LogList } from "@/components/portal/log-list";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { loadRequestLog } from "@/lib/portal/load-request-log";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Request log · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const LogsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const query = await searchParams;
  const environment = environmentOf(query.env);
  const base = `/portal/${encodeURIComponent(businessId)}/logs`;
  return portalPage(
    { businessId, environment, current: "logs", load: (ctx) => loadRequestLog(ctx, { businessId, environment, filters: query }) },
    ({ rows, keys, filters, nextBefore }, frame) => {
      const keyLabel = (keyId: string | null) => {
        const k = keys.find((x) => x.keyId === keyId);
        return k ? `${k.prefix}…${k.label ? ` (${k.label})` : ""}` : "none";
      };
      const nextHref = () => {
        const q = new URLSearchParams();
        for (const [k, v] of Object.entries(filters)) if (v && k !== "before") q.set(k, String(v));
        if (environment === "live") q.set("env", "live");
        q.set("before", nextBefore!);
        return `${base}?${q.toString()}`;
      };
      const filtered = Object.values(filters).some(Boolean);
      return (
        <PortalPageShell
          {...frame}
          title="Request log"
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">
                Recent {environment} calls to <code>/v1</code> by your keys, and by platforms acting for your business. Bodies are stored with keys, secrets,
                passwords, card data and session keys removed.
              </p>
              <div className="mt-5">
                <LogFilters action={base} environment={environment} filters={filters} keys={keys} />
              </div>
            </>
          }
        >
          <Card labelledBy="results">
            <h2 id="results" className="text-lg font-semibold text-slate-900">
              {filtered ? "Matching requests" : "Recent requests"}
            </h2>
            {rows.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700" role="status">
                {filtered ? "No request matches these filters." : `No ${environment} requests yet. Calls with your keys appear here within a second.`}
              </p>
            ) : (
              <div className="mt-4">
                <LogList rows={rows} keyLabel={keyLabel} hrefOf={(id) => envHref(`${base}/${encodeURIComponent(id)}`, environment)} />
              </div>
            )}
            {nextBefore ? (
              <p className="mt-4">
                <a className={textLinkClass} href={nextHref()}>
                  Older requests
                </a>
              </p>
            ) : null}
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default LogsPage;
