// /operator/scope-requests: platforms' requests for live scopes (test ones are approved at once). Each
// pending one: the platform, the scopes it asks for and those it holds, and approve / reject with a note.
// Below, the latest decided. Operators only (anyone else: 404).
import type { Metadata } from "next";
import { formatTime } from "@/components/operator/format";
import { OperatorForm } from "@/components/operator/operator-form";
import { OperatorFrame, PageTitle } from "@/components/operator/operator-frame";
import { StatusBadge } from "@/components/operator/status-badge";
import { Card } from "@/components/ui/card";
import { hintClass, inputClass, labelClass } from "@/components/ui/classes";
import { Table, Td, Th } from "@/components/ui/table";
import { listScopeRequestQueue } from "@/lib/platform/list-scope-request-queue";
import { leaveConsoleAction, reviewScopeRequestAction } from "../actions";
import { operatorPage } from "../_lib/request";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Scope requests · Operator console · Coinop" } };

const Scopes = ({ scopes }: { scopes: string[] }) =>
  scopes.length ? (
    <ul className="flex flex-wrap gap-1">
      {scopes.map((s) => (
        <li key={s} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-800">
          {s}
        </li>
      ))}
    </ul>
  ) : (
    <span className="text-xs text-slate-600">none</span>
  );

const ScopeRequestsPage = async () => {
  const op = await operatorPage();
  const { pending, decided } = await listScopeRequestQueue(op);
  return (
    <OperatorFrame email={op.actor.email} current="scope-requests" signOut={leaveConsoleAction} counts={{ "scope-requests": pending.length }}>
      <PageTitle
        title="Live scope requests"
        intro="A platform asks for scopes in live; its keys holding them work once you approve. Test scopes are approved at once and never wait here."
      />
      <section aria-labelledby="pending-title" className="flex flex-col gap-4">
        <h2 id="pending-title" className="text-lg font-semibold text-slate-900">
          Pending ({pending.length})
        </h2>
        {pending.length ? (
          pending.map((r) => (
            <Card key={r.id} labelledBy={`req-${r.id}`}>
              <div className="grid gap-4 md:grid-cols-2">
                <div className="min-w-0">
                  <h3 id={`req-${r.id}`} className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900">
                    {r.platformName}
                  </h3>
                  <p className="font-mono text-xs text-slate-500">{r.platformId}</p>
                  <p className="mt-1 text-xs text-slate-600">Asked {formatTime(r.createdAt)}</p>
                  <h4 className="mt-3 text-sm font-semibold text-slate-700">Asks for</h4>
                  <div className="mt-1">
                    <Scopes scopes={r.scopes} />
                  </div>
                  <h4 className="mt-3 text-sm font-semibold text-slate-700">Holds already (live)</h4>
                  <div className="mt-1">
                    <Scopes scopes={r.approvedScopes} />
                  </div>
                </div>
                <OperatorForm
                  action={reviewScopeRequestAction.bind(null, { requestId: r.id })}
                  label={`Decide the request of ${r.platformName}`}
                  buttons={[
                    { label: "Approve", pendingLabel: "Approving…", name: "decision", value: "approve" },
                    { label: "Reject", pendingLabel: "Rejecting…", name: "decision", value: "reject", variant: "secondary" },
                  ]}
                >
                  <div>
                    <label htmlFor={`note-${r.id}`} className={labelClass}>
                      Note (why)
                    </label>
                    <textarea
                      id={`note-${r.id}`}
                      name="note"
                      required
                      maxLength={2000}
                      rows={3}
                      aria-describedby={`note-${r.id}-hint`}
                      className={`${inputClass} mt-1.5`}
                    />
                    <p id={`note-${r.id}-hint`} className={hintClass}>
                      Required; kept in the operator audit log.
                    </p>
                  </div>
                </OperatorForm>
              </div>
            </Card>
          ))
        ) : (
          <p className="text-sm text-slate-700">No request waits.</p>
        )}
      </section>
      <Card labelledBy="decided-title">
        <h2 id="decided-title" className="text-lg font-semibold text-slate-900">
          Recently decided
        </h2>
        {decided.length ? (
          <div className="mt-4">
            <Table caption="Decided scope requests">
              <thead>
                <tr>
                  <Th>Platform</Th>
                  <Th>Scopes</Th>
                  <Th>Decision</Th>
                  <Th>By</Th>
                  <Th>Note</Th>
                </tr>
              </thead>
              <tbody>
                {decided.map((r) => (
                  <tr key={r.id}>
                    <Td className="[overflow-wrap:anywhere]">{r.platformName}</Td>
                    <Td>
                      <Scopes scopes={r.scopes} />
                    </Td>
                    <Td>
                      <StatusBadge status={r.status} />
                      <p className="mt-1 text-xs whitespace-nowrap text-slate-600">{formatTime(r.decidedAt)}</p>
                    </Td>
                    <Td className="text-xs [overflow-wrap:anywhere]">{r.decidedBy ?? "—"}</Td>
                    <Td className="text-xs">{r.note ?? "—"}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-700">None yet.</p>
        )}
      </Card>
    </OperatorFrame>
  );
};

export default ScopeRequestsPage;
