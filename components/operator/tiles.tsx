// The instance view's pieces: a status tile (a name, a state in words and colour, a line of detail) and a
// stacked meter of the job queue (each part's share as a bar, with the numbers in text beside it).
import type { ReactNode } from "react";

const TONE = {
  ok: { ring: "ring-emerald-200", dot: "bg-emerald-600", text: "text-emerald-800" },
  warn: { ring: "ring-amber-300", dot: "bg-amber-500", text: "text-amber-900" },
  bad: { ring: "ring-red-300", dot: "bg-red-600", text: "text-red-800" },
  off: { ring: "ring-slate-200", dot: "bg-slate-400", text: "text-slate-700" },
} as const;
export type TileTone = keyof typeof TONE;

export const StatusTile = ({
  title,
  state,
  tone,
  children,
  testId,
}: {
  title: string;
  state: string;
  tone: TileTone;
  children?: ReactNode;
  testId?: string;
}) => (
  <section aria-label={title} data-testid={testId} className={`min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-inset ${TONE[tone].ring}`}>
    <h3 className="text-sm font-semibold text-slate-600">{title}</h3>
    <p className={`mt-1 flex items-center gap-2 text-lg font-semibold ${TONE[tone].text}`}>
      <span aria-hidden="true" className={`size-2.5 rounded-full ${TONE[tone].dot}`} />
      {state}
    </p>
    {children ? <div className="mt-1 text-sm text-slate-700">{children}</div> : null}
  </section>
);

export type MeterPart = { label: string; value: number; className: string };

/** A stacked bar of the parts (hidden from screen readers: the list under it says the same in text). */
export const StackedMeter = ({ label, parts }: { label: string; parts: MeterPart[] }) => {
  const total = parts.reduce((s, p) => s + p.value, 0);
  return (
    <div>
      <div aria-hidden="true" className="flex h-3 w-full overflow-hidden rounded-full bg-slate-100">
        {total > 0
          ? parts.filter((p) => p.value > 0).map((p) => <span key={p.label} className={p.className} style={{ width: `${(p.value / total) * 100}%` }} />)
          : null}
      </div>
      <ul aria-label={label} className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-5">
        {parts.map((p) => (
          <li key={p.label} className="flex items-center gap-2">
            <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-sm ${p.className}`} />
            <span>
              <strong className="font-semibold text-slate-900 tabular-nums">{p.value}</strong> {p.label}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
};
