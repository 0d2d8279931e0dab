// /operator/compliance/{id}: one player's compliance review: the details they submitted, their documents,
// the businesses that link them, the history, and "Move to …" any of the five statuses with a note.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { formatBytes, formatTime } from "@/components/operator/format";
import { OperatorForm } from "@/components/operator/operator-form";
import { OperatorFrame, PageTitle } from "@/components/operator/operator-frame";
import { StatusBadge, statusLabel } from "@/components/operator/status-badge";
import { Card } from "@/components/ui/card";
import { hintClass, inputClass, labelClass, textLinkClass } from "@/components/ui/classes";
import { VERIFICATION_STATUSES } from "@/lib/businesses/verification-statuses";
import { loadComplianceReview } from "@/lib/business-users/load-compliance-review";
import { leaveConsoleAction, reviewComplianceAction } from "../../actions";
import { operatorPage } from "../../_lib/request";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Compliance review · Operator console · Coinop" } };

type Props = { params: Promise<{ complianceId: string }> };

const ComplianceReviewPage = async ({ params }: Props) => {
  const op = await operatorPage();
  const review = await loadComplianceReview(op, { complianceId: (await params).complianceId });
  if (!review) notFound();
  return (
    <OperatorFrame email={op.actor.email} current="compliance" signOut={leaveConsoleAction}>
      <p>
        <a className={`${textLinkClass} text-sm`} href="/operator/compliance">
          ← Compliance reviews
        </a>
      </p>
      <PageTitle title={review.player.email || review.player.id}>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <StatusBadge status={review.status} />
          <span>{review.environment}</span>
          <span>Submitted {formatTime(review.submittedAt)}</span>
          <span>Decided {formatTime(review.decidedAt)}</span>
        </div>
      </PageTitle>
      {review.note ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300 ring-inset">
          <strong>Last note:</strong> {review.note}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Card labelledBy="details-title">
            <h2 id="details-title" className="text-lg font-semibold text-slate-900">
              Submitted details
            </h2>
            {review.details.length ? (
              <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
                {review.details.map((f) => (
                  <div key={f.label} className="contents">
                    <dt className="font-medium text-slate-600">{f.label}</dt>
                    <dd className="[overflow-wrap:anywhere] whitespace-pre-wrap text-slate-900">{f.value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="mt-2 text-sm text-slate-700">The player has not submitted details yet.</p>
            )}
            <p className="mt-4 text-sm text-slate-700">Linked by: {review.businesses.join(", ") || "no business"}</p>
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
                        {d.contentType}, {formatBytes(d.byteSize)}
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
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Card labelledBy="decide-title">
            <h2 id="decide-title" className="text-lg font-semibold text-slate-900">
              Move the review
            </h2>
            <div className="mt-3">
              <OperatorForm
                action={reviewComplianceAction.bind(null, { complianceId: review.id })}
                label="Move the compliance review"
                buttons={[{ label: "Move", pendingLabel: "Moving…" }]}
              >
                <input type="hidden" name="from" value={review.status} />
                <div>
                  <label htmlFor="status" className={labelClass}>
                    New status
                  </label>
                  <select id="status" name="status" required defaultValue="" className={`${inputClass} mt-1.5`}>
                    <option value="" disabled>
                      Choose…
                    </option>
                    {VERIFICATION_STATUSES.filter((s) => s !== review.status).map((s) => (
                      <option key={s} value={s}>
                        {statusLabel(s)}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor="note" className={labelClass}>
                    Note (why)
                  </label>
                  <textarea id="note" name="note" required maxLength={2000} rows={4} aria-describedby="note-hint" className={`${inputClass} mt-1.5`} />
                  <p id="note-hint" className={hintClass}>
                    Required. The player reads it on their verification page when you reject or ask for action.
                  </p>
                </div>
              </OperatorForm>
            </div>
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

export default ComplianceReviewPage;
