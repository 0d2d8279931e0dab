// Where the activation stands, for both pages: the status badge and the stepper, what the status means, when it
// was submitted and decided, and the operator's note (what to fix, or the reason) for those who may read it.
import { Badge } from "@/components/ui/badge";
import type { VerificationStatus } from "@/lib/businesses/verification-statuses";
import { ActivationStepper } from "./activation-stepper";
import type { ActivationWords } from "./activation-words";

const TONE: Record<VerificationStatus, "warning" | "success" | "neutral" | "danger"> = {
  not_started: "neutral",
  pending: "warning",
  approved: "success",
  rejected: "danger",
  action_required: "warning",
};

export const ActivationStatusBadge = ({ status, words }: { status: VerificationStatus; words: ActivationWords }) => (
  <span data-testid="activation-status">
    <Badge tone={TONE[status]} dot>
      {words.status[status]}
    </Badge>
  </span>
);

export const ActivationStatus = ({
  status,
  words,
  dates,
  note,
}: {
  status: VerificationStatus;
  words: ActivationWords;
  /** "Submitted on …", "Decided on …", already in the reader's language */
  dates: string[];
  /** the operator's note, shown when action is required or the business was rejected (null: none, or not for this reader) */
  note: string | null;
}) => (
  <div className="mt-4 flex flex-col gap-4">
    <ActivationStepper status={status} words={words} />
    <p className="text-sm leading-6 text-slate-700">{words.explain[status]}</p>
    {dates.length ? <p className="text-sm text-slate-600">{dates.join(" ")}</p> : null}
    {note && (status === "action_required" || status === "rejected") ? (
      <div
        className={`rounded-lg px-4 py-3 ring-1 ring-inset ${status === "rejected" ? "bg-red-50 ring-red-200" : "bg-amber-50 ring-amber-300"}`}
        data-testid="activation-note"
      >
        <h2 className={`text-sm font-semibold ${status === "rejected" ? "text-red-900" : "text-amber-950"}`}>{words.note[status]}</h2>
        <p className={`mt-1 text-sm whitespace-pre-line [overflow-wrap:anywhere] ${status === "rejected" ? "text-red-900" : "text-amber-950"}`}>{note}</p>
      </div>
    ) : null}
  </div>
);
