// /operator: the instance at a glance, for operators with the second factor (anyone else: 404). What waits in
// the queues, whether payments and mail are configured, the job queue and the workers, webhook endpoints
// disabled for failures across tenants, and the migrations state.
import type { Metadata } from "next";
import { formatTime } from "@/components/operator/format";
import { OperatorFrame, PageTitle } from "@/components/operator/operator-frame";
import { StackedMeter, StatusTile } from "@/components/operator/tiles";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Table, Td, Th } from "@/components/ui/table";
import { loadInstanceView } from "@/lib/operator/load-instance-view";
import { leaveConsoleAction } from "./actions";
import { operatorPage } from "./_lib/request";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Instance · Operator console · Coinop" } };

const InstancePage = async () => {
  const op = await operatorPage();
  const v = await loadInstanceView(op);
  const counts = { activations: v.queues.activations, "scope-requests": v.queues.scopeRequests, compliance: v.queues.compliance };
  const m = v.migrations;
  return (
    <OperatorFrame email={op.actor.email} current="overview" signOut={leaveConsoleAction} counts={counts}>
      <PageTitle title="Instance" intro="What this Coinop instance is running with, and what waits for an operator." />

      <section aria-labelledby="queues-title" className="flex flex-col gap-3">
        <h2 id="queues-title" className="text-lg font-semibold text-slate-900">
          Waiting for a decision
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          {[
            { href: "/operator/activations", label: "Business activations", n: v.queues.activations },
            { href: "/operator/scope-requests", label: "Live scope requests", n: v.queues.scopeRequests },
            { href: "/operator/compliance", label: "Compliance reviews", n: v.queues.compliance },
          ].map((q) => (
            <li key={q.href} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ring-inset">
              <a href={q.href} className={textLinkClass}>
                {q.label}
              </a>
              <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums" data-testid={`queue-${q.href.split("/").pop()}`}>
                {q.n}
              </p>
              <p className="text-xs text-slate-600">pending</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="config-title" className="flex flex-col gap-3">
        <h2 id="config-title" className="text-lg font-semibold text-slate-900">
          Configuration and health
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <StatusTile
            title="Payments (Stripe)"
            testId="tile-payments"
            tone={v.payments.configured ? (v.payments.webhookSecret ? "ok" : "warn") : "off"}
            state={v.payments.configured ? "Configured" : "Not configured"}
          >
            {v.payments.configured
              ? v.payments.webhookSecret
                ? "Secret key and webhook secret are set."
                : "STRIPE_WEBHOOK_SECRET is not set: payments are never confirmed."
              : "STRIPE_SECRET_KEY is not set: card checkouts answer 503."}
          </StatusTile>
          <StatusTile
            title="Mail (SMTP)"
            testId="tile-mail"
            tone={v.mail.configured ? "ok" : "warn"}
            state={v.mail.configured ? "Configured" : "Not configured"}
          >
            {v.mail.configured ? `Sending as ${v.mail.from ?? "the default sender"}.` : "SMTP_URL is not set: mail stays in the outbox, undelivered."}
          </StatusTile>
          <StatusTile
            title="Job workers"
            testId="tile-workers"
            tone={v.workers.alive > 0 ? "ok" : "bad"}
            state={v.workers.alive > 0 ? `${v.workers.alive} alive` : "None alive"}
          >
            {v.workers.alive > 0 ? "Worker pools holding their liveness lock." : "No worker holds its liveness lock: jobs and webhooks wait."}
          </StatusTile>
          <StatusTile
            title="Migrations"
            testId="tile-migrations"
            tone={m.state === "up_to_date" ? "ok" : m.state === "unknown" ? "off" : "bad"}
            state={
              m.state === "up_to_date"
                ? "Up to date"
                : m.state === "behind"
                  ? `${m.pending.length} pending`
                  : m.state === "problem"
                    ? "Needs attention"
                    : "Unknown"
            }
          >
            {m.state === "up_to_date"
              ? `${m.applied} applied.`
              : m.state === "behind"
                ? `Run npm run db:migrate -- deploy: ${m.pending.join(", ")}`
                : m.message}
          </StatusTile>
        </div>
      </section>

      <Card labelledBy="jobs-title">
        <h2 id="jobs-title" className="text-lg font-semibold text-slate-900">
          Job queue
        </h2>
        {v.jobs.present ? (
          <div className="mt-4 flex flex-col gap-4">
            <StackedMeter
              label="Jobs by state"
              parts={[
                { label: "waiting", value: v.jobs.waiting, className: "bg-sky-500" },
                { label: "scheduled", value: v.jobs.scheduled, className: "bg-slate-400" },
                { label: "running", value: v.jobs.running, className: "bg-emerald-500" },
                { label: "retrying", value: v.jobs.retrying, className: "bg-amber-500" },
                { label: "failed", value: v.jobs.failed, className: "bg-red-600" },
              ]}
            />
            {v.jobs.failingTasks.length ? (
              <Table caption="Tasks with failing jobs">
                <thead>
                  <tr>
                    <Th>Task</Th>
                    <Th>Failing jobs</Th>
                    <Th>Last error</Th>
                  </tr>
                </thead>
                <tbody>
                  {v.jobs.failingTasks.map((t) => (
                    <tr key={t.task}>
                      <Td className="font-mono text-xs">{t.task}</Td>
                      <Td className="tabular-nums">{t.failed}</Td>
                      <Td className="text-xs [overflow-wrap:anywhere]">{t.lastError || "—"}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            ) : (
              <p className="text-sm text-slate-700">No job is failing.</p>
            )}
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-700">The job queue&rsquo;s tables do not exist yet: no worker has started on this database.</p>
        )}
      </Card>

      <Card labelledBy="endpoints-title">
        <h2 id="endpoints-title" className="text-lg font-semibold text-slate-900">
          Webhook endpoints disabled for failures
        </h2>
        {v.disabledEndpoints.length ? (
          <div className="mt-4">
            <Table caption="Disabled webhook endpoints">
              <thead>
                <tr>
                  <Th>Owner</Th>
                  <Th>URL</Th>
                  <Th>Disabled</Th>
                  <Th>Why</Th>
                </tr>
              </thead>
              <tbody>
                {v.disabledEndpoints.map((e) => (
                  <tr key={e.id}>
                    <Td className="text-xs">
                      {e.ownerType} <span className="font-mono">{e.ownerId}</span>
                    </Td>
                    <Td className="font-mono text-xs [overflow-wrap:anywhere]">{e.url || "—"}</Td>
                    <Td className="text-xs whitespace-nowrap">{formatTime(e.disabledAt)}</Td>
                    <Td className="text-xs">{e.reason ?? "—"}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-700">None: every endpoint is receiving its deliveries.</p>
        )}
      </Card>
    </OperatorFrame>
  );
};

export default InstancePage;
