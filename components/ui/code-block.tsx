/** A labelled, horizontally scrollable code sample. */
export const CodeBlock = ({ label, code }: { label: string; code: string }) => (
  <figure className="min-w-0 overflow-hidden rounded-xl bg-slate-950 shadow-lg ring-1 ring-slate-900/10">
    <figcaption className="border-b border-white/10 px-4 py-2 text-xs font-medium tracking-wide text-slate-400">{label}</figcaption>
    <pre className="overflow-x-auto p-4 text-[13px] leading-6 text-slate-100">
      <code>{code}</code>
    </pre>
  </figure>
);
