// /operator/activations: the businesses' applications to go live, by status (pending first: the oldest
// submission on top). Operators only (anyone else: 404).
import type { Metadata } from "next";
import { formatTime } from "@/components/operator/format";
import { OperatorFrame, PageTitle } from "@/components/operator/operator-frame";
import { StatusBadge, statusLabel } from "@/components/operator/status-badge";
import { Card } from "@/components/ui/card";
import { focusRing, textLinkClass } from "@/components/ui/classes";
import { Table, Td, Th } from "@/components/ui/table";
import { ACTIVATION_QUEUE_STATUSES, activationQueueStatusOf, listActivationQueue } from "@/lib/activation/list-activation-queue";
import { leaveConsoleAction } from "../actions";
import { operatorPage } from "../_lib/request";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Activations · Operator console · Coinop" } };

type Props = { searchParams: Promise<{ status?: string | string[] }> };

const ActivationsPage = async ({ searchParams }: Props) => {
  const op = await operatorPage();
  const status = activationQueueStatusOf((await searchParams).status);
  const { rows, counts } = await listActivationQueue(op, { status });
  return (
    <OperatorFrame email={op.actor.email} current="activations" signOut={leaveConsoleAction} counts={{ activations: counts.pending }}>
      <PageTitle
        title="Business activations"
        intro="Applications to go live. Review the application and its documents, then approve, ask for action or reject, with a note."
      />
      <nav aria-label="Status" className="flex flex-wrap gap-2">
        {ACTIVATION_QUEUE_STATUSES.map((s) => (
          <a
            key={s}
            href={`/operator/activations?status=${s}`}
            aria-current={s === status ? "page" : undefined}
            className={`inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold ${focusRing} ${s === status ? "bg-slate-900 text-white" : "bg-white text-slate-800 ring-1 ring-slate-200 ring-inset hover:bg-slate-100"}`}
          >
            {statusLabel(s)}
            <span className="tabular-nums">({counts[s]})</span>
          </a>
        ))}
      </nav>
      <Card labelledBy="list-title">
        <h2 id="list-title" className="text-lg font-semibold text-slate-900">
          {statusLabel(status).replace(/^./, (c) => c.toUpperCase())}
        </h2>
        {rows.length ? (
          <div className="mt-4">
            <Table caption={`Activations ${statusLabel(status)}`}>
              <thead>
                <tr>
                  <Th>Business</Th>
                  <Th>Status</Th>
                  <Th>Submitted</Th>
                  <Th>Decided</Th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.businessId}>
                    <Td>
                      <a className={`${textLinkClass} [overflow-wrap:anywhere]`} href={`/operator/activations/${r.businessId}`}>
                        {r.name}
                      </a>
                      <p className="font-mono text-xs text-slate-500">{r.businessId}</p>
                    </Td>
                    <Td>
                      <StatusBadge status={r.kybStatus} />
                    </Td>
                    <Td className="text-xs whitespace-nowrap">{formatTime(r.kybSubmittedAt)}</Td>
                    <Td className="text-xs whitespace-nowrap">{formatTime(r.kybDecidedAt)}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-700">No business is {statusLabel(status)}.</p>
        )}
      </Card>
    </OperatorFrame>
  );
};

export default ActivationsPage;
