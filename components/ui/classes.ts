// The class strings of the UI primitives (button, input, field, card, badge, table), one set for every
// hosted page and, next, the portal. Colours come from CSS variables (--ui-*, defaults in app/globals.css);
// a themed page (the checkout: components/checkout/theme-style.ts) sets them on its frame.

/** The focus ring of every interactive element: visible on keyboard focus, 2px outline. */
export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--ui-focus)]";

export type ButtonVariant = "primary" | "secondary";
/** md: 44px targets (hosted pages); lg: 48px (the checkout's pay button and its links). */
export type ButtonSize = "md" | "lg";

const BUTTON_SIZE: Record<ButtonSize, string> = { md: "min-h-11 py-2.5", lg: "min-h-12 py-3" };
const BUTTON_VARIANT: Record<ButtonVariant, string> = {
  /** the main action */
  primary: "bg-[var(--ui-primary)] text-[var(--ui-primary-fg)] shadow-sm hover:brightness-110",
  /** a secondary action beside the main one */
  secondary: "bg-[var(--ui-secondary)] text-[var(--ui-secondary-fg)] ring-1 ring-[var(--ui-border)] ring-inset hover:brightness-95",
};

/** A full-width button (or a link that looks like one). */
export const buttonClass = ({ variant = "primary", size = "md" }: { variant?: ButtonVariant; size?: ButtonSize } = {}) =>
  `inline-flex ${BUTTON_SIZE[size]} w-full items-center justify-center gap-2 rounded-lg px-4 text-base font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 ${focusRing} ${BUTTON_VARIANT[variant]}`;

/** A text link inside a card. */
export const textLinkClass = `rounded font-semibold text-[var(--ui-link)] underline underline-offset-2 hover:text-[var(--ui-link-hover)] ${focusRing}`;

export const inputClass =
  "block min-h-11 w-full min-w-0 rounded-lg border border-[var(--ui-input-border)] bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-[var(--ui-focus)] focus:outline-2 focus:outline-offset-0 focus:outline-[var(--ui-input-outline)] aria-invalid:border-red-600 aria-invalid:outline-red-600/40";

export const labelClass = "block text-sm font-medium text-[var(--ui-label)]";
export const hintClass = "mt-1.5 text-xs text-[var(--ui-hint)]";
