import type { ReactNode } from "react";

export type Tone = "success" | "info" | "warning" | "error";

const TONE: Record<Tone, { ring: string; icon: string; path: string }> = {
  success: { ring: "bg-emerald-100 text-emerald-700", icon: "Done", path: "M5 13l4 4L19 7" },
  info: { ring: "bg-sky-100 text-sky-700", icon: "Note", path: "M12 7h.01M11 11h1v6h1" },
  warning: { ring: "bg-amber-100 text-amber-800", icon: "Warning", path: "M12 6v8m0 4h.01" },
  error: { ring: "bg-red-100 text-red-700", icon: "Problem", path: "M6 6l12 12M18 6L6 18" },
};

/**
 * A final or blocking state of a hosted flow: an icon, a heading (the page's h1) and what to do next. The
 * text takes the page's colours (--ui-title, --ui-text): a themed checkout sets them to its own.
 */
export const StateMessage = ({ tone, title, children, headingId }: { tone: Tone; title: string; children?: ReactNode; headingId?: string }) => (
  <div className="text-center">
    <span className={`mx-auto flex size-12 items-center justify-center rounded-full ${TONE[tone].ring}`}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={TONE[tone].path} />
      </svg>
    </span>
    <h1 id={headingId} className="mt-4 text-xl font-semibold text-balance text-[var(--ui-title,var(--color-slate-900))]">
      {title}
    </h1>
    {children ? <div className="mt-2 text-sm leading-6 text-pretty text-[var(--ui-text)]">{children}</div> : null}
  </div>
);

/** An error the player must see: announced to screen readers as it appears. */
export const ErrorNotice = ({ children, id }: { children: ReactNode; id?: string }) => (
  <div id={id} role="alert" className="rounded-lg bg-red-50 px-3 py-2.5 text-sm break-words text-red-800 ring-1 ring-red-200 ring-inset">
    {children}
  </div>
);
