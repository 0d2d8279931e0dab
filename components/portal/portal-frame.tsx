// The frame of every /portal page: the hosted pages' look (quiet background, white cards, skip link,
// "Powered by Coinop"), wider for tables, with the business, the test/live switch, who is signed in, and
// the navigation: only the items the member's role may use are shown (the pages check it again on the server).
// All in the page's language (app/portal/_lib/portal-locale.ts), with the language control at the foot of a
// signed-in page (portal-language-form.tsx).
import type { ReactNode } from "react";
import { DocumentLang } from "@/components/hosted/document-lang";
import { PoweredBy, SkipLink } from "@/components/hosted/page-chrome";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { focusRing } from "@/components/ui/classes";
import type { Environment } from "@/lib/core/environment";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import type { PortalPermission } from "@/lib/portal/permissions";
import { envHref } from "./env-href";
import { PortalLanguageForm } from "./portal-language-form";
import { PortalNav } from "./portal-nav";

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
  | "invoices"
  | "activation"
  | "platforms"
  | "helpers";

// One entry per portal page (its label: frame.nav.<key> in messages/<locale>/portal.json); `testOnly` items
// show only in test mode (the page refuses live too).
const NAV: { key: NavKey; path: string; permission: PortalPermission; testOnly?: boolean }[] = [
  { key: "overview", path: "", permission: "overview:read" },
  { key: "games", path: "/games", permission: "games:read" },
  { key: "keys", path: "/keys", permission: "keys:read" },
  { key: "webhooks", path: "/webhooks", permission: "webhooks:read" },
  { key: "ledger", path: "/ledger", permission: "ledger:read" },
  { key: "cashouts", path: "/cashouts", permission: "ledger:read" },
  { key: "disputes", path: "/disputes", permission: "ledger:read" },
  { key: "invoices", path: "/invoices", permission: "ledger:read" },
  { key: "catalogue", path: "/catalogue", permission: "catalogue:read" },
  { key: "reviews", path: "/reviews", permission: "catalogue:read" },
  { key: "campaigns", path: "/campaigns", permission: "campaigns:read" },
  { key: "players", path: "/players", permission: "players:read" },
  { key: "logs", path: "/logs", permission: "logs:read" },
  { key: "audit", path: "/audit", permission: "audit:read" },
  { key: "members", path: "/members", permission: "members:read" },
  // the business's application to go live: every member sees its status, owners and admins complete it
  { key: "activation", path: "/activation", permission: "overview:read" },
  { key: "platforms", path: "/platforms", permission: "platforms:read" },
  { key: "helpers", path: "/helpers", permission: "testhelpers:use", testOnly: true },
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
  locale,
  contentLang,
  languageSetting = null,
}: {
  children: ReactNode;
  /** the page's language (app/portal/_lib/portal-locale.ts) */
  locale: Locale;
  /** the language of the page's own content when it is not `locale` (a page not translated yet: "en") */
  contentLang?: Locale;
  /** the account's own choice, null: the browser's (the language control's selection) */
  languageSetting?: string | null;
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
  const t = getTranslator(locale, "portal");
  return (
    <div lang={locale} className="flex min-h-dvh flex-col bg-gradient-to-b from-slate-100 to-slate-50">
      <DocumentLang lang={locale} />
      <SkipLink locale={locale} />
      {environment === "test" ? (
        <p className="bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-900" data-testid="test-banner">
          {t("frame.testBanner")}
        </p>
      ) : null}
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <a href="/portal" className={`rounded text-sm font-semibold text-slate-500 ${focusRing}`}>
              {t("frame.home")}
            </a>
            {business ? <p className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">{business.name}</p> : null}
            {roles.length ? <p className="text-xs text-slate-600">{t("frame.yourRole", { roles: roles.join(", ") })}</p> : null}
          </div>
          <nav aria-label={t("frame.environmentNav")} className="flex items-center gap-1 rounded-xl bg-slate-100 p-1">
            <a href={envHref(here, "test")} aria-current={environment === "test" ? "page" : undefined} className={pill(environment === "test")}>
              {t("frame.test")}
            </a>
            <a href={envHref(here, "live")} aria-current={environment === "live" ? "page" : undefined} className={pill(environment === "live")}>
              {t("frame.live")}
            </a>
          </nav>
        </div>
        {business ? (
          // every section from sm up; on a phone a "Menu" button opens the whole list (portal-nav.tsx)
          <PortalNav
            current={current}
            words={{ nav: t("frame.portalNav"), menu: t("frame.menu"), sectionsFallback: t("frame.sections") }}
            items={navItemsFor(permissions, environment).map((n) => ({
              key: n.key,
              label: t(`frame.nav.${n.key}`),
              href: envHref(`${base}${n.path}`, environment),
            }))}
          />
        ) : null}
      </header>
      {/* a page whose content is not translated yet says so: its words stay English under a French frame */}
      <main id="main" lang={contentLang ?? locale} className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-6 px-4 py-6 sm:py-10">
        {email ? <SignedInAs email={email} locale={locale} /> : null}
        {children}
      </main>
      {email ? <PortalLanguageForm locale={locale} setting={languageSetting} back={envHref(here, environment)} /> : null}
      <PoweredBy locale={locale} />
    </div>
  );
};
