// /operator/activations/{businessId}: one business's application to go live: the application's fields (as
// submitted, labelled), its documents (opened through the operator-only document route), its members, the
// history of decisions, and the decision form (approve, ask for action, reject; the note is required).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { formatTime } from "@/components/operator/format";
import { OperatorForm } from "@/components/operator/operator-form";
import { OperatorFrame } from "@/components/operator/operator-frame";
import { DecisionHistory, DecisionNote, DocumentsCard, FieldsCard, ReviewHeader } from "@/components/operator/review";
import { StatusBadge } from "@/components/operator/status-badge";
import { Card } from "@/components/ui/card";
import { TitledCard } from "@/components/ui/titled-card";
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
      <ReviewHeader back={{ href: "/operator/activations", label: "Business activations" }} title={review.business.name} note={review.kybNote}>
        <StatusBadge status={review.kybStatus} />
        <span>Submitted {formatTime(review.kybSubmittedAt)}</span>
        <span>Decided {formatTime(review.kybDecidedAt)}</span>
        <span className="font-mono text-xs">{review.business.id}</span>
      </ReviewHeader>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <FieldsCard id="application-title" title="Application" fields={review.application} empty="The business has not submitted an application yet." />
          <DocumentsCard documents={review.documents} withTime />
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
          <TitledCard id="decide-title" title="Decision">
            {decisions.length ? (
              <div className="mt-3">
                <OperatorForm action={reviewActivationAction.bind(null, { businessId: review.business.id })} label="Decide the activation" buttons={decisions}>
                  <DecisionNote
                    rows={5}
                    hint={
                      <>Required. For &ldquo;ask for action&rdquo; and &ldquo;reject&rdquo; the business&rsquo;s owners and admins read it in their email.</>
                    }
                  />
                </OperatorForm>
              </div>
            ) : (
              <p className="mt-2 text-sm text-slate-700">Nothing to decide: the activation is {review.kybStatus.replace(/_/g, " ")}.</p>
            )}
          </TitledCard>
          <DecisionHistory history={review.history} />
        </div>
      </div>
    </OperatorFrame>
  );
};

export default ActivationReviewPage;
