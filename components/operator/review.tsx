// The parts the operator's review pages share (an activation, a compliance review): the header with the back
// link, the status line and the last note; the submitted fields; the documents (opened through the operator-only
// document route); the decision history; and the required "Note (why)" of the decision form.
import type { ReactNode } from "react";
import { formatBytes, formatTime } from "@/components/operator/format";
import { PageTitle } from "@/components/operator/operator-frame";
import { ListSection, type SectionProps } from "@/components/operator/section-card";
import { hintClass, inputClass, labelClass, textLinkClass } from "@/components/ui/classes";

/** The back link, the title with its status line (`children`), and the last decision's note if any. */
export const ReviewHeader = ({
  back,
  title,
  note,
  children,
}: {
  back: { href: string; label: string };
  title: string;
  note: string | null;
  children: ReactNode;
}) => (
  <>
    <p>
      <a className={`${textLinkClass} text-sm`} href={back.href}>
        ← {back.label}
      </a>
    </p>
    <PageTitle title={title}>
      <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">{children}</div>
    </PageTitle>
    {note ? (
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300 ring-inset">
        <strong>Last note:</strong> {note}
      </p>
    ) : null}
  </>
);

/** A section of labelled values as submitted (`empty` when there are none). */
export const FieldsCard = ({ fields, ...section }: SectionProps & { fields: { label: string; value: string }[] }) => (
  <ListSection
    {...section}
    list={
      fields.length ? (
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
          {fields.map((f) => (
            <div key={f.label} className="contents">
              <dt className="font-medium text-slate-600">{f.label}</dt>
              <dd className="[overflow-wrap:anywhere] whitespace-pre-wrap text-slate-900">{f.value}</dd>
            </div>
          ))}
        </dl>
      ) : null
    }
  />
);

export type ReviewDocument = { id: string; filename: string; contentType: string; byteSize: number; createdAt: Date };

/** The documents: each with its type and size (and its upload time with `withTime`), "Open" and "Download". */
export const DocumentsCard = ({ documents, withTime = false }: { documents: ReviewDocument[]; withTime?: boolean }) => (
  <ListSection
    id="documents-title"
    title="Documents"
    empty="No documents."
    list={
      documents.length ? (
        <ul className="mt-3 flex flex-col gap-2 text-sm">
          {documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 ring-1 ring-slate-200 ring-inset">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <strong className="font-semibold text-slate-900">{d.filename}</strong>{" "}
                <span className="text-xs text-slate-600">
                  {d.contentType}, {formatBytes(d.byteSize)}
                  {withTime ? <>, {formatTime(d.createdAt)}</> : null}
                </span>
              </span>
              <span className="flex gap-3">
                <a className={textLinkClass} href={`/operator/documents/${d.id}`} target="_blank" rel="noopener noreferrer">
                  Open<span className="sr-only"> {d.filename}</span>
                </a>
                <a className={textLinkClass} href={`/operator/documents/${d.id}?download=1`}>
                  Download<span className="sr-only"> {d.filename}</span>
                </a>
              </span>
            </li>
          ))}
        </ul>
      ) : null
    }
  />
);

export type DecisionEntry = { action: string; at: Date; operatorEmail: string; reason: string | null };

/** The decisions so far, newest first as loaded: what, when, who and why. */
export const DecisionHistory = ({ history }: { history: DecisionEntry[] }) => (
  <ListSection
    id="history-title"
    title="History"
    empty="No decision yet."
    list={
      history.length ? (
        <ol className="mt-3 flex flex-col gap-3 text-sm">
          {history.map((h, i) => (
            <li key={i}>
              <p className="font-semibold text-slate-900">{h.action}</p>
              <p className="text-xs text-slate-600">
                {formatTime(h.at)} · {h.operatorEmail}
              </p>
              {h.reason ? <p className="mt-0.5 text-slate-800">{h.reason}</p> : null}
            </li>
          ))}
        </ol>
      ) : null
    }
  />
);

/** The decision's required note ("Note (why)"), with who reads it. */
export const DecisionNote = ({ rows, hint }: { rows: number; hint: ReactNode }) => (
  <div>
    <label htmlFor="note" className={labelClass}>
      Note (why)
    </label>
    <textarea id="note" name="note" required maxLength={2000} rows={rows} aria-describedby="note-hint" className={`${inputClass} mt-1.5`} />
    <p id="note-hint" className={hintClass}>
      {hint}
    </p>
  </div>
);
