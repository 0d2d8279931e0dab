// The frame of every /operator page: the portal's look (quiet background, white cards, skip link), a dark
// header that says this is the instance's console, the operator's email with "Sign out of the console", and
// the navigation (one row that scrolls sideways on a phone). Pages check the operator on the server first.
import type { ReactNode } from "react";
import { DocumentLang } from "@/components/hosted/document-lang";
import { PoweredBy, SkipLink } from "@/components/hosted/page-chrome";
import { focusRing } from "@/components/ui/classes";

export type OperatorNavKey = "overview" | "activations" | "scope-requests" | "compliance" | "audit";

const NAV: { key: OperatorNavKey; label: string; href: string }[] = [
  { key: "overview", label: "Instance", href: "/operator" },
  { key: "activations", label: "Activations", href: "/operator/activations" },
  { key: "scope-requests", label: "Scope requests", href: "/operator/scope-requests" },
  { key: "compliance", label: "Compliance", href: "/operator/compliance" },
  { key: "audit", label: "Audit log", href: "/operator/audit" },
];

const pill = (active: boolean) =>
  `relative inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ${focusRing} ${active ? "bg-white text-slate-900" : "text-slate-200 hover:bg-slate-800"}`;

export const OperatorFrame = ({
  children,
  email,
  current,
  signOut,
  counts,
}: {
  children: ReactNode;
  /** the signed-in operator (none: the sign-in page) */
  email?: string;
  current?: OperatorNavKey;
  /** the "Sign out of the console" form's action */
  signOut?: () => Promise<void>;
  /** the open items of each queue, shown beside its nav item */
  counts?: Partial<Record<OperatorNavKey, number>>;
}) => (
  <div lang="en" className="flex min-h-dvh flex-col bg-gradient-to-b from-slate-100 to-slate-50">
    <DocumentLang lang="en" />
    <SkipLink />
    <header className="bg-slate-900 text-white">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div className="min-w-0">
          <a href="/operator" className={`rounded text-base font-semibold text-white ${focusRing}`}>
            Coinop operator console
          </a>
          <p className="text-xs text-slate-300">The instance&rsquo;s own staff: every action is audited.</p>
        </div>
        {email ? (
          <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-slate-200">
            <span className="[overflow-wrap:anywhere]">
              Operator <strong className="font-semibold text-white">{email}</strong>
            </span>
            {signOut ? (
              <form action={signOut}>
                <button
                  type="submit"
                  className={`min-h-11 rounded-lg px-3 font-semibold text-white ring-1 ring-slate-600 ring-inset hover:bg-slate-800 ${focusRing}`}
                >
                  Leave the console
                </button>
              </form>
            ) : null}
          </div>
        ) : null}
      </div>
      {email && current ? (
        <nav aria-label="Operator console" className="mx-auto w-full max-w-6xl px-4 pb-2">
          <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 whitespace-nowrap sm:flex-wrap sm:overflow-visible">
            {NAV.map((n) => (
              <li key={n.key} className="shrink-0">
                <a href={n.href} aria-current={n.key === current ? "page" : undefined} className={pill(n.key === current)}>
                  {n.label}
                  {counts?.[n.key] ? (
                    <span className="ml-2 rounded-full bg-amber-400 px-2 text-xs font-bold text-slate-900">
                      {counts[n.key]}
                      <span className="sr-only"> waiting</span>
                    </span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 sm:py-10">
      {children}
    </main>
    <PoweredBy />
  </div>
);

/** A page's title card: its heading and one line about it. */
export const PageTitle = ({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) => (
  <div className="flex flex-col gap-2">
    <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
    {intro ? <p className="max-w-3xl text-sm text-slate-700">{intro}</p> : null}
    {children}
  </div>
);
