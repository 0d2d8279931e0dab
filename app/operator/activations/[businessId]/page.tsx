// /operator/activations/{businessId}: one business's application to go live: the application's fields (as
// submitted, labelled), its documents (opened through the operator-only document route), its members, the
// history of decisions, and the decision form (approve, ask for action, reject; the note is required).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { formatBytes, formatTime } from "@/components/operator/format";
import { OperatorForm } from "@/components/operator/operator-form";
import { OperatorFrame, PageTitle } from "@/components/operator/operator-frame";
import { StatusBadge } from "@/components/operator/status-badge";
import { Card } from "@/components/ui/card";
import { inputClass, labelClass, hintClass, textLinkClass } from "@/components/ui/classes";
import { canTransitionActivation } from "@/lib/activation/activation-states";
import { loadActivationReview } from "@/lib/activation/load-activation-review";
import { leaveConsoleAction, reviewActivationAction } from "../../actions";
import { operatorPage } from "../../_lib/request";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Activation review · Operator console · Coinop" } };

type Props = { params: Promise<{ businessId: string }> };

const ActivationReviewPage = async ({ params }: Props) => {
  const op = await operatorPage();
  const { businessId } = await params;
  const review = await loadActivationReview(op, { businessId });
  if (!review) notFound();
  const decisions = [
    canTransitionActivation(review.kybStatus, "approve") ? { label: "Approve", pendingLabel: "Approving…", name: "decision", value: "approve" } : null,
    canTransitionActivation(review.kybStatus, "request_action")
      ? { label: "Ask for action", pendingLabel: "Sending…", name: "decision", value: "request_action", variant: "secondary" as const }
      : null,
    canTransitionActivation(review.kybStatus, "reject")
      ? { label: "Reject", pendingLabel: "Rejecting…", name: "decision", value: "reject", variant: "secondary" as const }
      : null,
  ].filter((d) => d !== null);
  return (
    <OperatorFrame email={op.actor.email} current="activations" signOut={leaveConsoleAction}>
      <p>
        <a className={`${textLinkClass} text-sm`} href="/operator/activations">
          ← Business activations
        </a>
      </p>
      <PageTitle title={review.business.name}>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <StatusBadge status={review.kybStatus} />
          <span>Submitted {formatTime(review.kybSubmittedAt)}</span>
          <span>Decided {formatTime(review.kybDecidedAt)}</span>
          <span className="font-mono text-xs">{review.business.id}</span>
        </div>
      </PageTitle>
      {review.kybNote ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300 ring-inset">
          <strong>Last note:</strong> {review.kybNote}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Card labelledBy="application-title">
            <h2 id="application-title" className="text-lg font-semibold text-slate-900">
              Application
            </h2>
            {review.application.length ? (
              <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
                {review.application.map((f) => (
                  <div key={f.label} className="contents">
                    <dt className="font-medium text-slate-600">{f.label}</dt>
                    <dd className="[overflow-wrap:anywhere] whitespace-pre-wrap text-slate-900">{f.value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="mt-2 text-sm text-slate-700">The business has not submitted an application yet.</p>
            )}
          </Card>
          <Card labelledBy="documents-title">
            <h2 id="documents-title" className="text-lg font-semibold text-slate-900">
              Documents
            </h2>
            {review.documents.length ? (
              <ul className="mt-3 flex flex-col gap-2 text-sm">
                {review.documents.map((d) => (
                  <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 ring-1 ring-slate-200 ring-inset">
                    <span className="min-w-0 [overflow-wrap:anywhere]">
                      <strong className="font-semibold text-slate-900">{d.filename}</strong>{" "}
                      <span className="text-xs text-slate-600">
                        {d.contentType}, {formatBytes(d.byteSize)}, {formatTime(d.createdAt)}
                      </span>
                    </span>
                    <span className="flex gap-3">
                      <a className={textLinkClass} href={`/operator/documents/${d.id}`} target="_blank" rel="noopener noreferrer">
                        Open<span className="sr-only"> {d.filename}</span>
                      </a>
                      <a className={textLinkClass} href={`/operator/documents/${d.id}?download=1`}>
                        Download<span className="sr-only"> {d.filename}</span>
                      </a>
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-700">No documents.</p>
            )}
          </Card>
          <Card labelledBy="members-title">
            <h2 id="members-title" className="text-lg font-semibold text-slate-900">
              Members
            </h2>
            <ul className="mt-3 flex flex-col gap-1 text-sm text-slate-800">
              {review.members.map((m) => (
                <li key={m.email} className="[overflow-wrap:anywhere]">
                  {m.email} <span className="text-xs text-slate-600">({[...(m.isOwner ? ["owner"] : []), ...m.roles].join(", ") || "no role"})</span>
                </li>
              ))}
            </ul>
          </Card>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Card labelledBy="decide-title">
            <h2 id="decide-title" className="text-lg font-semibold text-slate-900">
              Decision
            </h2>
            {decisions.length ? (
              <div className="mt-3">
                <OperatorForm action={reviewActivationAction.bind(null, { businessId: review.business.id })} label="Decide the activation" buttons={decisions}>
                  <div>
                    <label htmlFor="note" className={labelClass}>
                      Note (why)
                    </label>
                    <textarea id="note" name="note" required maxLength={2000} rows={5} aria-describedby="note-hint" className={`${inputClass} mt-1.5`} />
                    <p id="note-hint" className={hintClass}>
                      Required. For &ldquo;ask for action&rdquo; and &ldquo;reject&rdquo; the business&rsquo;s owners and admins read it in their email.
                    </p>
                  </div>
                </OperatorForm>
              </div>
            ) : (
              <p className="mt-2 text-sm text-slate-700">Nothing to decide: the activation is {review.kybStatus.replace(/_/g, " ")}.</p>
            )}
          </Card>
          <Card labelledBy="history-title">
            <h2 id="history-title" className="text-lg font-semibold text-slate-900">
              History
            </h2>
            {review.history.length ? (
              <ol className="mt-3 flex flex-col gap-3 text-sm">
                {review.history.map((h, i) => (
                  <li key={i}>
                    <p className="font-semibold text-slate-900">{h.action}</p>
                    <p className="text-xs text-slate-600">
                      {formatTime(h.at)} · {h.operatorEmail}
                    </p>
                    {h.reason ? <p className="mt-0.5 text-slate-800">{h.reason}</p> : null}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mt-2 text-sm text-slate-700">No decision yet.</p>
            )}
          </Card>
        </div>
      </div>
    </OperatorFrame>
  );
};

export default ActivationReviewPage;
