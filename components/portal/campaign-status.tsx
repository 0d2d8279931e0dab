// A campaign's status as a badge (with the operation still running, if any), and USDC amounts as the
// portal writes them.
import { Badge } from "@/components/ui/badge";
import { formatNumber } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";

const TONE: Record<string, "success" | "warning" | "neutral"> = { started: "success", stopped: "warning", created: "neutral" };
const LABELS = new Set(["started", "stopped", "created"]);
const RUNNING = new Set(["start", "stop", "withdraw"]);

export const CampaignStatusBadge = ({ status, pending, locale = "en" }: { status: string; pending?: string | null; locale?: Locale }) => {
  const t = getTranslator(locale, "portal-more");
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-testid="campaign-status" data-status={status}>
      <Badge tone={TONE[status] ?? "neutral"} dot>
        {LABELS.has(status) ? t(`campaignStatus.${status}`) : status}
      </Badge>
      {pending ? <span className="text-xs text-slate-700">{RUNNING.has(pending) ? t(`campaignStatus.running.${pending}`) : pending}</span> : null}
    </span>
  );
};

/** 1234.5 → "1,234.50 USDC" (at least 2 decimals, up to the 6 USDC has), "1 234,50 USDC" in French. */
export const usdc = (n: number, locale: Locale = "en") => `${formatNumber(locale, n, { minimumFractionDigits: 2, maximumFractionDigits: 6 })} USDC`;
