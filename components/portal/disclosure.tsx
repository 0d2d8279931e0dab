// A section the developer opens when needed (a form to add or edit something): a summary line with a
// turning arrow, then its content. `className` frames the whole (e.g. a ring around a "New …" form).
import type { ReactNode } from "react";

export const Disclosure = ({ summary, className = "", children }: { summary: string; className?: string; children: ReactNode }) => (
  <details className={`group ${className}`.trim()}>
    <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm font-semibold text-slate-900 hover:bg-slate-100">
      <span aria-hidden="true" className="inline-block text-slate-600 transition-transform group-open:rotate-90">
        ▸
      </span>
      {summary}
    </summary>
    <div className="mt-3">{children}</div>
  </details>
);
