// Pieces of the platform console's pages (app/portal/[businessId]/platforms/[platformId]/…): the tabs between
// a platform's pages (the environment kept), a list of scopes as chips, and a group of scope checkboxes.
import { focusRing } from "@/components/ui/classes";
import type { Environment } from "@/lib/core/environment";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import { envHref } from "./env-href";

export type PlatformTab = "keys" | "webhooks" | "businesses" | "logs";

const TABS: { key: PlatformTab; path: string }[] = [
  { key: "keys", path: "" },
  { key: "webhooks", path: "/webhooks" },
  { key: "businesses", path: "/businesses" },
  { key: "logs", path: "/logs" },
];

/** The tabs, in `locale` (the "portal-more" catalog; English unless the page passes the member's language). */
export const PlatformTabs = ({
  base,
  current,
  environment,
  locale = "en",
}: {
  base: string;
  current: PlatformTab;
  environment: Environment;
  locale?: Locale;
}) => {
  const words = getTranslator(locale, "portal-more");
  return (
    <nav aria-label={words("platformTabs.nav")} className="mt-4">
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 whitespace-nowrap sm:flex-wrap sm:overflow-visible">
        {TABS.map((t) => (
          <li key={t.key} className="shrink-0">
            <a
              href={t.key === "webhooks" ? `${base}${t.path}` : envHref(`${base}${t.path}`, environment)}
              aria-current={t.key === current ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ring-1 ring-inset ${focusRing} ${t.key === current ? "bg-slate-900 text-white ring-slate-900" : "text-slate-900 ring-slate-300 hover:bg-slate-50"}`}
            >
              {words(`platformTabs.${t.key}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
};

export const ScopeChips = ({ scopes, empty = "None", label }: { scopes: readonly string[]; empty?: string; label: string }) =>
  scopes.length === 0 ? (
    <p className="mt-1 text-sm text-slate-600">{empty}</p>
  ) : (
    <ul aria-label={label} className="mt-1 flex flex-wrap gap-1.5">
      {scopes.map((s) => (
        <li key={s} className="rounded bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-800 ring-1 ring-slate-200 ring-inset">
          {s}
        </li>
      ))}
    </ul>
  );

/** A scope name that breaks after its ":" and "." on a narrow screen (campaign:users:<wbr>link:read). */
const ScopeName = ({ scope }: { scope: string }) => (
  <>
    {scope.split(/(?<=[:.])/).map((part, i) => (
      <span key={i}>
        {i > 0 ? <wbr /> : null}
        {part}
      </span>
    ))}
  </>
);

/** Checkboxes named "scopes", one per scope (44px targets); `checked`: ticked at first. */
export const ScopeCheckboxes = ({
  idPrefix,
  scopes,
  legend,
  checked = [],
}: {
  idPrefix: string;
  scopes: readonly string[];
  legend: string;
  checked?: readonly string[];
}) => (
  <fieldset className="min-w-0">
    <legend className="text-sm font-medium text-[var(--ui-label)]">{legend}</legend>
    <div className="mt-1 grid grid-cols-2 gap-x-3 lg:grid-cols-3">
      {scopes.map((s) => (
        <label key={s} htmlFor={`${idPrefix}-${s}`} className="flex min-h-11 min-w-0 items-center gap-3 text-sm text-slate-900">
          <input
            id={`${idPrefix}-${s}`}
            type="checkbox"
            name="scopes"
            value={s}
            defaultChecked={checked.includes(s)}
            className="size-5 shrink-0 accent-slate-900"
          />
          <span className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">
            <ScopeName scope={s} />
          </span>
        </label>
      ))}
    </div>
  </fieldset>
);
