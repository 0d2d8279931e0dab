// The audit log's filters: a plain GET form (the filters are the page's search parameters, so a filtered
// view is a URL to share, and the CSV export reads the same ones). Actor type, action text, object type
// and id, and a date range in UTC days.
import type { Environment } from "@/lib/core/environment";
import { AUDIT_ACTOR_TYPES } from "@/lib/audit/audit-filters";
import { buttonClass, inputClass, textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

export type AuditFilterValues = { actor: string; action: string; objectType: string; objectId: string; from: string; to: string };

const ACTOR_LABEL: Record<(typeof AUDIT_ACTOR_TYPES)[number], string> = { member: "Member", key: "API key", platform: "Platform", system: "System" };

export const AuditFiltersForm = ({ values, environment, clearHref }: { values: AuditFilterValues; environment: Environment; clearHref: string }) => (
  <form method="get" aria-label="Filter the audit log" className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
    {environment === "live" ? <input type="hidden" name="env" value="live" /> : null}
    <Field id="audit-actor" label="Actor">
      {(c) => (
        <select {...c} name="actor" defaultValue={values.actor} className={inputClass}>
          <option value="">Anyone</option>
          {AUDIT_ACTOR_TYPES.map((t) => (
            <option key={t} value={t}>
              {ACTOR_LABEL[t]}
            </option>
          ))}
        </select>
      )}
    </Field>
    <Field id="audit-action" label="Action contains">
      {(c) => <Input {...c} name="action" defaultValue={values.action} maxLength={200} placeholder="api_key" autoComplete="off" />}
    </Field>
    <Field id="audit-object-type" label="Object type">
      {(c) => <Input {...c} name="objectType" defaultValue={values.objectType} maxLength={100} placeholder="game" autoComplete="off" />}
    </Field>
    <Field id="audit-object-id" label="Object id">
      {(c) => <Input {...c} name="objectId" defaultValue={values.objectId} maxLength={200} autoComplete="off" />}
    </Field>
    <Field id="audit-from" label="From (UTC day)">
      {(c) => <Input {...c} name="from" type="date" defaultValue={values.from} />}
    </Field>
    <Field id="audit-to" label="To (UTC day, included)">
      {(c) => <Input {...c} name="to" type="date" defaultValue={values.to} />}
    </Field>
    <div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-3">
      <button type="submit" className={`${buttonClass({ variant: "primary" })} sm:w-auto`}>
        Apply filters
      </button>
      <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={clearHref}>
        Clear filters
      </a>
    </div>
  </form>
);
