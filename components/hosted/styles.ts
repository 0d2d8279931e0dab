// Class names shared by the hosted pages (link approval, invites, checkout): one look everywhere.

/** The focus ring of every interactive element: visible on keyboard focus, 2px brand outline. */
export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

const button = `inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

/** The main action: dark on light for strong contrast. */
export const primaryButton = `${button} bg-slate-900 text-white shadow-sm hover:bg-slate-800`;

/** A secondary action beside the main one. */
export const secondaryButton = `${button} bg-white text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50`;

/** A text link inside a card. */
export const textLink = `rounded font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-600 ${focusRing}`;

export const inputClass = `block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-invalid:border-red-600`;

export const labelClass = "block text-sm font-medium text-slate-800";
