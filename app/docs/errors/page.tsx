// GET /docs/errors: every error code the API answers, generated from the one table (lib/core/errors.ts), as
// docs/errors.md is. Each entry's id is its code, so an error body's `docUrl` (/docs/errors#CODE) lands on it.
// Server-rendered, no script; one column of entries grouped by status, so it fits a phone.
import type { Metadata } from "next";
import { errorAdvice, ERRORS, sortedErrorKeys, wireCode, type ErrorCode } from "@/lib/core/errors";

export const metadata: Metadata = {
  title: "Error codes",
  description: "Every error code of the Coinop API: its HTTP status, what it means and what to do.",
};

const STATUS_NAMES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

const focus = "rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

const byStatus = (): [number, ErrorCode[]][] => {
  const groups = new Map<number, ErrorCode[]>();
  for (const key of sortedErrorKeys()) groups.set(ERRORS[key].status, [...(groups.get(ERRORS[key].status) ?? []), key]);
  return [...groups];
};

const ErrorsPage = () => (
  <div lang="en" className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
    <nav aria-label="Documentation" className="text-sm">
      <a href="/docs" className={`text-brand-700 underline ${focus}`}>
        API reference
      </a>
    </nav>
    <main id="main">
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Error codes</h1>
      <p className="mt-4 text-slate-700">
        Every error answer has the JSON body{" "}
        <code className="rounded bg-slate-100 px-1 text-sm break-all">{"{ error, code, docUrl, details?, requestId }"}</code> (campaign endpoints add{" "}
        <code className="rounded bg-slate-100 px-1 text-sm">success: false</code>). Switch on <code className="rounded bg-slate-100 px-1 text-sm">code</code>:
        each code has one HTTP status, and <code className="rounded bg-slate-100 px-1 text-sm">docUrl</code> links to its entry below. Quote the{" "}
        <code className="rounded bg-slate-100 px-1 text-sm">requestId</code> to support.
      </p>
      <nav aria-label="Statuses" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {byStatus().map(([status]) => (
            <li key={status}>
              <a
                href={`#status-${status}`}
                className={`inline-block min-h-6 rounded-md bg-slate-100 px-2 py-1 text-sm text-slate-800 hover:bg-slate-200 ${focus}`}
              >
                {status}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {byStatus().map(([status, keys]) => (
        <section key={status} aria-labelledby={`status-${status}`} className="mt-10">
          <h2 id={`status-${status}`} className="border-b border-slate-200 pb-2 text-xl font-semibold">
            {status} {STATUS_NAMES[status] ?? ""}
          </h2>
          <ul className="divide-y divide-slate-200">
            {keys.map((key) => (
              <li key={key} id={wireCode(key)} className="scroll-mt-4 py-4">
                <h3 className="font-mono text-base font-semibold break-all">
                  <a href={`#${wireCode(key)}`} className={`text-slate-900 hover:underline ${focus}`}>
                    {wireCode(key)}
                  </a>
                </h3>
                <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[8rem_1fr] sm:gap-x-4">
                  <dt className="font-medium text-slate-600">HTTP status</dt>
                  <dd>{status}</dd>
                  <dt className="font-medium text-slate-600">What it means</dt>
                  <dd>{ERRORS[key].doc}</dd>
                  <dt className="font-medium text-slate-600">What to do</dt>
                  <dd>{errorAdvice(key)}</dd>
                </dl>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  </div>
);

export default ErrorsPage;
