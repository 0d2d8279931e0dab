/**
 * A labelled, horizontally scrollable code sample. The scrolling box is a named region in the tab order
 * (tabindex 0), so a keyboard or a phone's switch control can scroll it, with a visible focus ring drawn
 * inside it (the figure clips what is outside). `regionLabel` names it for screen readers (default: `label`).
 */
export const CodeBlock = ({ label, code, regionLabel }: { label: string; code: string; regionLabel?: string }) => (
  <figure className="min-w-0 overflow-hidden rounded-xl bg-slate-950 shadow-lg ring-1 ring-slate-900/10">
    <figcaption className="border-b border-white/10 px-4 py-2 text-xs font-medium tracking-wide text-slate-400">{label}</figcaption>
    <pre
      tabIndex={0}
      role="region"
      aria-label={regionLabel ?? label}
      className="overflow-x-auto rounded-b-xl p-4 text-[13px] leading-6 text-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-300"
    >
      <code>{code}</code>
    </pre>
  </figure>
);
