import type { CSSProperties } from "react";
import type { CheckoutTheme } from "@/lib/checkout/schemas";

/** The game's checkout theme as CSS variables (--co-*), read by the checkout components' classes. */
export const themeStyle = (t: CheckoutTheme): CSSProperties =>
  ({
    "--co-primary": t.primaryButtonColor,
    "--co-primary-fg": t.primaryButtonFontColor,
    "--co-secondary": t.secondaryButtonColor,
    "--co-secondary-fg": t.secondaryButtonFontColor,
    "--co-notify": t.notifyButtonColor,
    "--co-card": t.backgroundColor,
    "--co-border": t.borderColor,
    "--co-price-override": t.priceOverrideColor,
    "--co-title": t.primaryFontColor,
    "--co-lines": t.lineItemsFontColor,
    "--co-label": t.contentLabelColor,
    "--co-text": t.contentTextColor,
    "--co-page": t.pageBackgroundColor,
  }) as CSSProperties;

const focus = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--co-primary)]";
const button = `inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg px-4 py-3 text-base font-semibold shadow-sm transition disabled:cursor-not-allowed disabled:opacity-60 ${focus}`;

export const co = {
  focus,
  primaryButton: `${button} bg-[var(--co-primary)] text-[var(--co-primary-fg)] hover:brightness-110`,
  secondaryButton: `${button} border border-[var(--co-border)] bg-[var(--co-secondary)] text-[var(--co-secondary-fg)] hover:brightness-95`,
  input:
    "block min-h-11 w-full min-w-0 rounded-lg border border-[var(--co-border)] bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-[var(--co-primary)] focus:outline-2 focus:outline-offset-0 focus:outline-[var(--co-primary)]/40 aria-invalid:border-red-600 aria-invalid:outline-red-600/40",
  label: "block text-sm font-medium text-[var(--co-label)]",
};
