// The request log's filters: a plain GET form (works without JavaScript; the URL says what is shown), with
// the request id search first, then key, status class, method and path text.
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { buttonClass, inputClass, labelClass, textLinkClass } from "@/components/ui/classes";
import type { Environment } from "@/lib/core/environment";
import type { LogKey, RequestLogFilters } from "@/lib/portal/load-request-log";
import { LOG_METHODS, STATUS_CLASSES } from "@/lib/portal/load-request-log";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import { envHref } from "./env-href";

const Select = ({
  id,
  label,
  name,
  value,
  options,
  any,
}: {
  id: string;
  label: string;
  name: string;
  value?: string;
  options: { value: string; label: string }[];
  any: string;
}) => (
  <div className="min-w-0">
    <label htmlFor={id} className={labelClass}>
      {label}
    </label>
    <select id={id} name={name} defaultValue={value ?? ""} className={`mt-1.5 ${inputClass}`}>
      <option value="">{any}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  </div>
);

export const LogFilters = ({
  action,
  environment,
  filters,
  keys,
  locale = "en",
}: {
  action: string;
  environment: Environment;
  filters: RequestLogFilters;
  keys: LogKey[];
  locale?: Locale;
}) => {
  const t = getTranslator(locale, "portal-logs");
  return (
    <form method="get" action={action} role="search" aria-label={t("filters.label")} className="grid gap-4">
      {environment === "live" ? <input type="hidden" name="env" value="live" /> : null}
      <Field id="log-request-id" label={t("filters.requestId")} hint={t("filters.requestIdHint")}>
        {(c) => <Input {...c} name="requestId" defaultValue={filters.requestId ?? ""} placeholder="req_…" autoComplete="off" spellCheck={false} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Select
          id="log-key"
          label={t("filters.key")}
          name="keyId"
          value={filters.keyId}
          any={t("filters.any")}
          options={keys.map((k) => ({ value: k.keyId, label: `${k.prefix}…${k.label ? ` (${k.label})` : ""}` }))}
        />
        <Select
          id="log-status"
          label={t("filters.status")}
          name="status"
          value={filters.status}
          any={t("filters.any")}
          options={STATUS_CLASSES.map((s) => ({ value: s, label: s }))}
        />
        <Select
          id="log-method"
          label={t("filters.method")}
          name="method"
          value={filters.method}
          any={t("filters.any")}
          options={LOG_METHODS.map((m) => ({ value: m, label: m }))}
        />
        <Field id="log-path" label={t("filters.path")}>
          {(c) => <Input {...c} name="path" defaultValue={filters.path ?? ""} placeholder="/v1/vc" autoComplete="off" spellCheck={false} />}
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <div className="w-full sm:w-40">
          <button type="submit" className={buttonClass()}>
            {t("filters.search")}
          </button>
        </div>
        <a className={textLinkClass} href={envHref(action, environment)}>
          {t("filters.clear")}
        </a>
      </div>
    </form>
  );
};
