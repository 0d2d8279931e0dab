// The card primitive: a rounded, bordered section named by its heading. `variant` picks the hosted
// pages' floating white card or the checkout's flat themed one.
import type { ReactNode } from "react";

const CARD = {
  raised: "rounded-2xl bg-[var(--ui-card)] p-6 shadow-xl ring-1 shadow-slate-900/5 ring-slate-900/5 sm:p-8",
  flat: "rounded-2xl border border-[var(--ui-border)] bg-[var(--ui-card)] p-5 shadow-sm sm:p-7",
} as const;

export const Card = ({
  children,
  labelledBy,
  variant = "raised",
  className = "",
}: {
  children: ReactNode;
  labelledBy?: string;
  variant?: keyof typeof CARD;
  className?: string;
}) => (
  <section aria-labelledby={labelledBy} className={`min-w-0 ${CARD[variant]} ${className}`.trim()}>
    {children}
  </section>
);
