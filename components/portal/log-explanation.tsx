// "Why was this refused?": the explanation of a failed request (lib/portal/explain-refusal.ts) as a
// panel: the title, the API's message, one line per field, scope set or header, what to do, and the
// error code's documentation.
import type { ReactNode } from "react";
import { textLinkClass } from "@/components/ui/classes";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import type { Explanation } from "@/lib/portal/explain-refusal";

export const LogExplanation = ({ explanation: e, children, locale = "en" }: { explanation: Explanation; children?: ReactNode; locale?: Locale }) => {
  const t = getTranslator(locale, "portal-logs");
  // the explanation itself (lib/portal/explain-refusal.ts) is written in English: marked so on another language's page
  const en = locale === "en" ? undefined : "en";
  const english = (text: string) => (en ? <span lang={en}>{text}</span> : text);
  return (
    <section aria-labelledby="why" className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-300 ring-inset sm:p-7" data-testid="refusal-explanation">
      <h2 id="why" className="text-lg font-semibold text-amber-950">
        {t("why.title")}
      </h2>
      <p className="mt-1 text-base font-semibold text-slate-900" lang={en}>
        {e.title}
      </p>
      {e.message ? (
        <p className="mt-2 text-sm [overflow-wrap:anywhere] text-slate-800" lang={en}>
          “{e.message}”
        </p>
      ) : null}
      {e.points.length ? (
        <dl className="mt-3 grid gap-2 text-sm" lang={en}>
          {e.points.map((p, i) => (
            <div key={`${p.label}-${i}`} className="rounded-lg bg-white p-3 ring-1 ring-amber-200 ring-inset">
              <dt className="font-mono text-xs font-semibold [overflow-wrap:anywhere] text-slate-900">{p.label}</dt>
              <dd className="mt-1 [overflow-wrap:anywhere] text-slate-800">{p.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {e.fix ? (
        <p className="mt-3 text-sm text-slate-900">
          <span className="font-semibold">{t("why.fix")}</span>
          {english(e.fix)}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-slate-800">
        <span className="font-mono font-semibold">{e.code}</span>
        {e.codeDoc ? <>: {english(e.codeDoc)}</> : null}{" "}
        <a className={textLinkClass} href={e.docsHref}>
          {t("why.reference")}
          <span className="sr-only">{t("why.referenceSr")}</span>
        </a>
      </p>
      {children}
    </section>
  );
};
