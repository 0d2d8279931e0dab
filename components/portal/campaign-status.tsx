// A campaign's status as a badge (with the operation still running, if any), and USDC amounts as the
// portal writes them.
import { Badge } from "@/components/ui/badge";

const TONE: Record<string, "success" | "warning" | "neutral"> = { started: "success", stopped: "warning", created: "neutral" };
const LABEL: Record<string, string> = { started: "Started", stopped: "Stopped", created: "Created" };
const RUNNING: Record<string, string> = { start: "starting…", stop: "stopping…", withdraw: "withdrawing…" };

export const CampaignStatusBadge = ({ status, pending }: { status: string; pending?: string | null }) => (
  <span className="inline-flex flex-wrap items-center gap-1" data-testid="campaign-status" data-status={status}>
    <Badge tone={TONE[status] ?? "neutral"} dot>
      {LABEL[status] ?? status}
    </Badge>
    {pending ? <span className="text-xs text-slate-700">{RUNNING[pending] ?? pending}</span> : null}
  </span>
);

/** 1234.5 → "1,234.50 USDC" (at least 2 decimals, up to the 6 USDC has). */
export const usdc = (n: number) => `${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 6 })} USDC`;
