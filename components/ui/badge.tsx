// A small pill that labels a state (test mode, a status). The tone sets its colours.
import type { ReactNode } from "react";

const TONE = {
  warning: { pill: "bg-amber-100 text-amber-900 ring-amber-300", dot: "bg-amber-600" },
  success: { pill: "bg-emerald-50 text-emerald-800 ring-emerald-200", dot: "bg-emerald-600" },
  neutral: { pill: "bg-slate-100 text-slate-700 ring-slate-300", dot: "bg-slate-500" },
  danger: { pill: "bg-red-50 text-red-800 ring-red-200", dot: "bg-red-600" },
} as const;

export const Badge = ({ children, tone = "neutral", dot = false }: { children: ReactNode; tone?: keyof typeof TONE; dot?: boolean }) => (
  <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${TONE[tone].pill}`}>
    {dot ? <span aria-hidden="true" className={`size-1.5 rounded-full ${TONE[tone].dot}`} /> : null}
    {children}
  </span>
);
