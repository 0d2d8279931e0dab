// The frame of every /portal page: the hosted pages' look (quiet background, white cards, skip link,
// "Powered by Coinop"), wider for tables, with the business, the test/live switch, who is signed in, and
// the navigation: only the items the member's role may use are shown (the pages check it again on the server).
import type { ReactNode } from "react";
import { PoweredBy, SkipLink } from "@/components/hosted/page-chrome";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { focusRing } from "@/components/ui/classes";
import type { Environment } from "@/lib/core/environment";
import type { PortalPermission } from "@/lib/portal/permissions";
import { envHref } from "./env-href";

export type NavKey =
  | "overview"
  | "games"
  | "keys"
  | "webhooks"
  | "ledger"
  | "cashouts"
  | "catalogue"
  | "reviews"
  | "campaigns"
  | "players"
  | "logs"
  | "audit"
  | "members"
  | "disputes"
  | "activation"
  | "platforms"
  | "helpers";

// One entry per portal page; `testOnly` items show only in test mode (the page refuses live too).
const NAV: { key: NavKey; label: string; path: string; permission: PortalPermission; testOnly?: boolean }[] = [
  { key: "overview", label: "Overview", path: "", permission: "overview:read" },
  { key: "games", label: "Games", path: "/games", permission: "games:read" },
  { key: "keys", label: "API keys", path: "/keys", permission: "keys:read" },
  { key: "webhooks", label: "Webhooks", path: "/webhooks", permission: "webhooks:read" },
  { key: "ledger", label: "Ledger", path: "/ledger", permission: "ledger:read" },
  { key: "cashouts", label: "Cashouts", path: "/cashouts", permission: "ledger:read" },
  { key: "disputes", label: "Disputes", path: "/disputes", permission: "ledger:read" },
  { key: "catalogue", label: "Catalogue", path: "/catalogue", permission: "catalogue:read" },
  { key: "reviews", label: "Reviews", path: "/reviews", permission: "catalogue:read" },
  { key: "campaigns", label: "Campaigns", path: "/campaigns", permission: "campaigns:read" },
  { key: "players", label: "Players", path: "/players", permission: "players:read" },
  { key: "logs", label: "Request log", path: "/logs", permission: "logs:read" },
  { key: "audit", label: "Audit log", path: "/audit", permission: "audit:read" },
  { key: "members", label: "Members", path: "/members", permission: "members:read" },
  // the business's application to go live: every member sees its status, owners and admins complete it
  { key: "activation", label: "Go live", path: "/activation", permission: "overview:read" },
  { key: "platforms", label: "Platforms", path: "/platforms", permission: "platforms:read" },
  { key: "helpers", label: "Test helpers", path: "/helpers", permission: "testhelpers:use", testOnly: true },
];

/** The nav items `permissions` allow (what a role cannot use is not shown). */
export const navItemsFor = (permissions: readonly PortalPermission[], environment: Environment = "test") =>
  NAV.filter((n) => permissions.includes(n.permission) && (!n.testOnly || environment === "test"));

const pill = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ${focusRing} ${active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`;

export const PortalFrame = ({
  children,
  email,
  business,
  environment,
  permissions = [],
  current,
  roles = [],
  here: herePath,
}: {
  children: ReactNode;
  email?: string;
  business?: { id: string; name: string };
  environment: Environment;
  permissions?: readonly PortalPermission[];
  current?: NavKey;
  roles?: readonly string[];
  /** where the Test/Live switch leads (default: the nav item's page); a page of one object that exists in both environments keeps it */
  here?: string;
}) => {
  const base = business ? `/portal/${encodeURIComponent(business.id)}` : "/portal";
  const here = herePath ?? (business ? `${base}${NAV.find((n) => n.key === current)?.path ?? ""}` : base);
  return (
    <div lang="en" className="flex min-h-dvh flex-col bg-gradient-to-b from-slate-100 to-slate-50">
      <SkipLink />
      {environment === "test" ? (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-900" data-testid="test-banner">
          Test mode: test data, test keys. Nothing here moves real money.
        </p>
      ) : null}
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <a href="/portal" className={`rounded text-sm font-semibold text-slate-500 ${focusRing}`}>
              Coinop developer portal
            </a>
            {business ? <p className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">{business.name}</p> : null}
            {roles.length ? <p className="text-xs text-slate-600">Your role: {roles.join(", ")}</p> : null}
          </div>
          <nav aria-label="Environment" className="flex items-center gap-1 rounded-xl bg-slate-100 p-1">
            <a href={envHref(here, "test")} aria-current={environment === "test" ? "page" : undefined} className={pill(environment === "test")}>
              Test
            </a>
            <a href={envHref(here, "live")} aria-current={environment === "live" ? "page" : undefined} className={pill(environment === "live")}>
              Live
            </a>
          </nav>
        </div>
        {business ? (
          // one row that scrolls sideways on a phone (14 items would take four rows), wrapped from sm up
          <nav aria-label="Portal" className="mx-auto w-full max-w-5xl px-4 pb-2">
            <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 whitespace-nowrap sm:flex-wrap sm:overflow-visible">
              {navItemsFor(permissions, environment).map((n) => (
                <li key={n.key} className="shrink-0">
                  <a href={envHref(`${base}${n.path}`, environment)} aria-current={n.key === current ? "page" : undefined} className={pill(n.key === current)}>
                    {n.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-6 sm:py-10">
        {email ? <SignedInAs email={email} /> : null}
        {children}
      </main>
      <PoweredBy />
    </div>
  );
};
