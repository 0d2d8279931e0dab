// Where a business's activation stands, as three steps: the application, its review ("Submitted — in review"),
// and the decision (approved, rejected, or action required: then the application is open again). A list with the
// current step marked (aria-current="step"), readable without colour.
import type { VerificationStatus } from "@/lib/businesses/verification-statuses";
import type { ActivationWords } from "./activation-words";

type Step = { label: string; state: "done" | "current" | "todo"; tone: "neutral" | "success" | "warning" | "danger" };

const stepsOf = (status: VerificationStatus, w: ActivationWords): Step[] => {
  const decided = status === "approved" || status === "rejected" || status === "action_required";
  const decisionTone = status === "approved" ? "success" : status === "rejected" ? "danger" : status === "action_required" ? "warning" : "neutral";
  return [
    { label: w.steps.apply, state: status === "not_started" ? "current" : "done", tone: "neutral" },
    { label: w.steps.review, state: status === "pending" ? "current" : decided ? "done" : "todo", tone: "neutral" },
    { label: decided ? w.status[status] : w.steps.decision, state: decided ? "current" : "todo", tone: decisionTone },
  ];
};

const DOT: Record<Step["tone"], string> = {
  neutral: "bg-slate-900 text-white",
  success: "bg-emerald-700 text-white",
  warning: "bg-amber-500 text-amber-950",
  danger: "bg-red-700 text-white",
};

export const ActivationStepper = ({ status, words }: { status: VerificationStatus; words: ActivationWords }) => (
  // side by side where the card is wide enough (the portal), stacked in a narrow one (the hosted page, a phone)
  <div className="@container">
    <ol aria-label={words.steps.label} className="grid gap-2 @xl:grid-cols-3" data-testid="activation-steps">
      {stepsOf(status, words).map((s, i) => (
        <li
          key={i}
          aria-current={s.state === "current" ? "step" : undefined}
          className={`flex min-w-0 items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-inset ${s.state === "current" ? "bg-white ring-slate-900" : "ring-slate-200"}`}
        >
          <span
            aria-hidden="true"
            className={`flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${s.state === "todo" ? "bg-slate-100 text-slate-500" : s.state === "done" ? "bg-slate-200 text-slate-800" : DOT[s.tone]}`}
          >
            {s.state === "done" ? "✓" : i + 1}
          </span>
          <span className={`min-w-0 text-sm ${s.state === "todo" ? "text-slate-600" : "font-semibold text-slate-900"}`}>
            {s.label}
            {s.state === "done" ? <span className="sr-only"> ({words.steps.done})</span> : null}
            {s.state === "current" ? <span className="sr-only"> ({words.steps.current})</span> : null}
          </span>
        </li>
      ))}
    </ol>
  </div>
);
