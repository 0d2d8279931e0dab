"use client";
// The order summary's line items on a phone: collapsed behind a "Details" toggle under the total, as Stripe
// does, so the payment form starts on the first screen. From the md breakpoint up they are always shown and
// the toggle is gone.
import { useId, useState, type ReactNode } from "react";

/** `head` (the total) sits beside the toggle; `children` (the deal, the line items) fold under it. */
export const SummaryDetails = ({ show, hide, head, children }: { show: string; hide: string; head: ReactNode; children: ReactNode }) => {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        {head}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          data-testid="summary-toggle"
          className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded px-1 text-sm font-medium text-[var(--co-label)] underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--co-primary)] md:hidden"
        >
          {open ? hide : show}
          <span aria-hidden="true" className={open ? "rotate-180" : ""}>
            ▾
          </span>
        </button>
      </div>
      <div id={id} className={open ? "block" : "hidden md:block"} data-testid="summary-details">
        {children}
      </div>
    </>
  );
};
