// The request log's filters: a plain GET form (works without JavaScript; the URL says what is shown), with
// the request id search first, then key, status class, method and path text.
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { buttonClass, inputClass, labelClass, textLinkClass } from "@/components/ui/classes";
import type { Environment } from "@/lib/core/environment";
import type { LogKey, RequestLogFilters } from "@/lib/portal/load-request-log";
import { LOG_METHODS, STATUS_CLASSES } from "@/lib/portal/load-request-log";
import { envHref } from "./env-href";

const Select = ({
  id,
  label,
  name,
  value,
  options,
}: {
  id: string;
  label: string;
  name: string;
  value?: string;
  options: { value: string; label: string }[];
}) => (
  <div className="min-w-0">
    <label htmlFor={id} className={labelClass}>
      {label}
    </label>
    <select id={id} name={name} defaultValue={value ?? ""} className={`mt-1.5 ${inputClass}`}>
      <option value="">Any</option>
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
}: {
  action: string;
  environment: Environment;
  filters: RequestLogFilters;
  keys: LogKey[];
}) => (
  <form method="get" action={action} role="search" aria-label="Filter the request log" className="grid gap-4">
    {environment === "live" ? <input type="hidden" name="env" value="live" /> : null}
    <Field id="log-request-id" label="Request id" hint="Every error body carries it (requestId), and every answer its X-Request-Id header.">
      {(c) => <Input {...c} name="requestId" defaultValue={filters.requestId ?? ""} placeholder="req_…" autoComplete="off" spellCheck={false} />}
    </Field>
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Select
        id="log-key"
        label="Key"
        name="keyId"
        value={filters.keyId}
        options={keys.map((k) => ({ value: k.keyId, label: `${k.prefix}…${k.label ? ` (${k.label})` : ""}` }))}
      />
      <Select id="log-status" label="Status" name="status" value={filters.status} options={STATUS_CLASSES.map((s) => ({ value: s, label: s }))} />
      <Select id="log-method" label="Method" name="method" value={filters.method} options={LOG_METHODS.map((m) => ({ value: m, label: m }))} />
      <Field id="log-path" label="Path contains">
        {(c) => <Input {...c} name="path" defaultValue={filters.path ?? ""} placeholder="/v1/vc" autoComplete="off" spellCheck={false} />}
      </Field>
    </div>
    <div className="flex flex-wrap items-center gap-4">
      <div className="w-full sm:w-40">
        <button type="submit" className={buttonClass()}>
          Search
        </button>
      </div>
      <a className={textLinkClass} href={envHref(action, environment)}>
        Clear filters
      </a>
    </div>
  </form>
);
