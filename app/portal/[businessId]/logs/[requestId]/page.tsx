// /portal/{businessId}/logs/{requestId}: one request as the kernel answered it: method, path, status,
// latency, the key, the Idempotency-Key, the redacted bodies, the objects it named (each a link to its
// timeline), and for a failure, why it was refused. Another business's request id is a 404.
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { notFound } from "next/navigation";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { LogExplanation } from "@/components/portal/log-explanation";
import { MethodTag, StatusBadge, StoredBody, utc } from "@/components/portal/log-parts";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { loadRequestDetail } from "@/lib/portal/load-request-detail";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../../_lib/page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Request · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string; requestId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="min-w-0">
    <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
    <dd className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-900">{children}</dd>
  </div>
);

const RequestPage = async ({ params, searchParams }: Props) => {
  const { businessId, requestId } = await params;
  const environment = environmentOf((await searchParams).env);
  const base = `/portal/${encodeURIComponent(businessId)}`;
  return portalPage(
    { businessId, environment, current: "logs", load: (ctx) => loadRequestDetail(ctx, { businessId, requestId: decodeURIComponent(requestId) }) },
    ({ request: r, key, explanation, firstWithSameKey }, frame) => {
      if (!r) notFound();
      return (
        // its own first card: the request's method, path and status are the heading
        <PortalPageShell {...frame} back={{ href: envHref(`${base}/logs`, environment), label: "Request log" }}>
          <Card labelledBy="title">
            <h1 id="title" className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight text-slate-900">
              <MethodTag method={r.method} />
              <span className="min-w-0 font-mono text-lg [overflow-wrap:anywhere]">{r.path}</span>
              <StatusBadge status={r.status} />
            </h1>
            <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Row label="Request id">
                <span className="font-mono" data-testid="request-id">
                  {r.requestId}
                </span>
              </Row>
              <Row label="Time">{utc(r.createdAt)}</Row>
              <Row label="Latency">{r.latencyMs} ms</Row>
              <Row label="Key">{key ? `${key.prefix}… ${key.label ? `(${key.label})` : ""} · ${key.kind}` : "none identified"}</Row>
              <Row label="Idempotency-Key">
                <span className="font-mono">{r.idempotencyKey ?? "none"}</span>
              </Row>
              <Row label="Environment">{r.environment ?? "unknown"}</Row>
              {r.errorCode ? (
                <Row label="Error code">
                  <span className="font-mono">{r.errorCode}</span>
                </Row>
              ) : null}
            </dl>
            {r.objectIds.length ? (
              <div className="mt-5">
                <h2 className="text-sm font-semibold text-slate-900">Objects this request named</h2>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {r.objectIds.map((id) => (
                    <li key={id}>
                      <a
                        className={`inline-flex min-h-11 items-center rounded-lg bg-slate-100 px-3 font-mono text-sm ${textLinkClass}`}
                        href={envHref(`${base}/timeline/${encodeURIComponent(id)}`, environment)}
                      >
                        <span className="sr-only">Timeline of </span>
                        {id}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </Card>
          {explanation ? (
            <LogExplanation explanation={explanation}>
              {firstWithSameKey ? (
                <p className="mt-3 text-sm text-slate-800">
                  The first request with this Idempotency-Key:{" "}
                  <a className={textLinkClass} href={envHref(`${base}/logs/${encodeURIComponent(firstWithSameKey.requestId)}`, environment)}>
                    {firstWithSameKey.method} {firstWithSameKey.path} → {firstWithSameKey.status}
                  </a>{" "}
                  at {utc(firstWithSameKey.createdAt)}.
                </p>
              ) : null}
            </LogExplanation>
          ) : null}
          <Card labelledBy="bodies">
            <h2 id="bodies" className="text-lg font-semibold text-slate-900">
              Bodies
            </h2>
            <p className="mt-1 text-sm text-slate-700">As stored: secrets replaced by [REDACTED], cut to about 4 KB.</p>
            <div className="mt-4 grid gap-4">
              <StoredBody label="Request body" body={r.requestBody} />
              <StoredBody label="Response body" body={r.responseBody} />
            </div>
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default RequestPage;
