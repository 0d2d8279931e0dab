// /operator/compliance/{id}: one player's compliance review: the details they submitted, their documents,
// the businesses that link them, the history, and "Move to …" any of the five statuses with a note.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { formatTime } from "@/components/operator/format";
import { OperatorForm } from "@/components/operator/operator-form";
import { OperatorFrame } from "@/components/operator/operator-frame";
import { DecisionHistory, DecisionNote, DocumentsCard, FieldsCard, ReviewHeader } from "@/components/operator/review";
import { StatusBadge, statusLabel } from "@/components/operator/status-badge";
import { inputClass, labelClass } from "@/components/ui/classes";
import { TitledCard } from "@/components/ui/titled-card";
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
      <ReviewHeader back={{ href: "/operator/compliance", label: "Compliance reviews" }} title={review.player.email || review.player.id} note={review.note}>
        <StatusBadge status={review.status} />
        <span>{review.environment}</span>
        <span>Submitted {formatTime(review.submittedAt)}</span>
        <span>Decided {formatTime(review.decidedAt)}</span>
      </ReviewHeader>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <FieldsCard id="details-title" title="Submitted details" fields={review.details} empty="The player has not submitted details yet.">
            <p className="mt-4 text-sm text-slate-700">Linked by: {review.businesses.join(", ") || "no business"}</p>
          </FieldsCard>
          <DocumentsCard documents={review.documents} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <TitledCard id="decide-title" title="Move the review">
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
                <DecisionNote rows={4} hint="Required. The player reads it on their verification page when you reject or ask for action." />
              </OperatorForm>
            </div>
          </TitledCard>
          <DecisionHistory history={review.history} />
        </div>
      </div>
    </OperatorFrame>
  );
};

export default ComplianceReviewPage;
