// The audit log's filters: a plain GET form (the filters are the page's search parameters, so a filtered
// view is a URL to share, and the CSV export reads the same ones). Actor type, action text, object type
// and id, and a date range in UTC days, in `locale` (messages/<locale>/portal-access.json).
import type { Environment } from "@/lib/core/environment";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import { AUDIT_ACTOR_TYPES } from "@/lib/audit/audit-filters";
import { buttonClass, inputClass, textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

export type AuditFilterValues = { actor: string; action: string; objectType: string; objectId: string; from: string; to: string };

export const AuditFiltersForm = ({
  values,
  environment,
  clearHref,
  locale = DEFAULT_LOCALE,
}: {
  values: AuditFilterValues;
  environment: Environment;
  clearHref: string;
  locale?: Locale;
}) => {
  const t = getTranslator(locale, "portal-access");
  return (
    <form method="get" aria-label={t("audit.filters.label")} className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {environment === "live" ? <input type="hidden" name="env" value="live" /> : null}
      <Field id="audit-actor" label={t("audit.filters.actor")}>
        {(c) => (
          <select {...c} name="actor" defaultValue={values.actor} className={inputClass}>
            <option value="">{t("audit.filters.anyone")}</option>
            {AUDIT_ACTOR_TYPES.map((a) => (
              <option key={a} value={a}>
                {t(`audit.filters.actorTypes.${a}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="audit-action" label={t("audit.filters.action")}>
        {(c) => <Input {...c} name="action" defaultValue={values.action} maxLength={200} placeholder="api_key" autoComplete="off" />}
      </Field>
      <Field id="audit-object-type" label={t("audit.filters.objectType")}>
        {(c) => <Input {...c} name="objectType" defaultValue={values.objectType} maxLength={100} placeholder="game" autoComplete="off" />}
      </Field>
      <Field id="audit-object-id" label={t("audit.filters.objectId")}>
        {(c) => <Input {...c} name="objectId" defaultValue={values.objectId} maxLength={200} autoComplete="off" />}
      </Field>
      <Field id="audit-from" label={t("audit.filters.from")}>
        {(c) => <Input {...c} name="from" type="date" defaultValue={values.from} />}
      </Field>
      <Field id="audit-to" label={t("audit.filters.to")}>
        {(c) => <Input {...c} name="to" type="date" defaultValue={values.to} />}
      </Field>
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-3">
        <button type="submit" className={`${buttonClass({ variant: "primary" })} sm:w-auto`}>
          {t("audit.filters.apply")}
        </button>
        <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={clearHref}>
          {t("audit.filters.clear")}
        </a>
      </div>
    </form>
  );
};
