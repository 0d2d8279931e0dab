// A review's status as a labelled pill: pending and action required stand out, approved is green, rejected red.
import { Badge } from "@/components/ui/badge";

const TONES = { pending: "warning", action_required: "warning", approved: "success", rejected: "danger", not_started: "neutral" } as const;

export const statusLabel = (status: string): string => (status === "action_required" ? "action required" : status.replace(/_/g, " "));

export const StatusBadge = ({ status }: { status: string }) => (
  <Badge tone={TONES[status as keyof typeof TONES] ?? "neutral"} dot>
    {statusLabel(status)}
  </Badge>
);
