// The catalogue's two pages, products and deals, as tabs (links; the current one is marked for assistive tech).
import type { Environment } from "@/lib/core/environment";
import { focusRing } from "@/components/ui/classes";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import { envHref } from "./env-href";

export const CatalogueTabs = ({
  businessId,
  environment,
  current,
  locale = DEFAULT_LOCALE,
}: {
  businessId: string;
  environment: Environment;
  current: "products" | "deals";
  locale?: Locale;
}) => {
  const t = getTranslator(locale, "portal-catalogue");
  const base = `/portal/${encodeURIComponent(businessId)}/catalogue`;
  const tab = (key: "products" | "deals", label: string, path: string) => (
    <a
      href={envHref(path, environment)}
      aria-current={current === key ? "page" : undefined}
      className={`inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold ${focusRing} ${current === key ? "bg-slate-900 text-white" : "bg-white text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-100"}`}
    >
      {label}
    </a>
  );
  return (
    <nav aria-label={t("catalogue.tabs.label")} className="flex gap-2">
      {tab("products", t("catalogue.tabs.products"), base)}
      {tab("deals", t("catalogue.tabs.deals"), `${base}/deals`)}
    </nav>
  );
};
