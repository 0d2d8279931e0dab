// One webhook endpoint on the portal's webhooks page: its URL, filter, health and banners (warned: the
// failure streak will disable it; disabled), and, for a member who may change webhooks, its actions: send a
// test event, reveal or rotate the secret, edit, enable or disable, recover failed deliveries, delete.
import { Badge } from "@/components/ui/badge";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import type { EndpointSummary } from "@/lib/webhooks/list-webhook-endpoints";
import { PortalForm, type PortalAction } from "./portal-form";

export type EndpointActions = {
  test: PortalAction;
  reveal: PortalAction;
  rotate: PortalAction;
  update: PortalAction;
  enable: PortalAction;
  recover: PortalAction;
  remove: PortalAction;
};

const when = (d: Date | null, t: Translator) => (d ? `${d.toISOString().slice(0, 16).replace("T", " ")} UTC` : t("webhooks.endpoint.never"));

const healthText = (e: EndpointSummary, t: Translator) => {
  const h = e.health;
  if (h.attempts === 0) return t("webhooks.endpoint.health.none");
  return t("webhooks.endpoint.health.rate", { percent: Math.round((h.successRate ?? 0) * 100), attempts: h.attempts });
};

export const WebhookEndpointItem = ({
  e,
  actions,
  defaultSince,
  locale = DEFAULT_LOCALE,
}: {
  e: EndpointSummary;
  actions: EndpointActions | null;
  defaultSince: string;
  locale?: Locale;
}) => {
  const t = getTranslator(locale, "portal-access");
  const w = (key: string, values?: Record<string, string | number>) => t(`webhooks.endpoint.${key}`, values);
  const name = e.primary ? w("primary") : e.description || w("endpoint");
  const slug = e.id;
  return (
    <li className="rounded-lg p-4 ring-1 ring-slate-200 ring-inset" data-testid={`endpoint-${e.id}`} data-primary={e.primary ? "yes" : "no"}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">{name}</h3>
        <div className="flex flex-wrap gap-2">
          {e.primary ? <Badge>{w("apiUrl")}</Badge> : null}
          {e.disabledAt ? (
            <Badge tone="danger" dot>
              {w("disabled")}
            </Badge>
          ) : e.url ? (
            <Badge tone={e.failingSince ? "warning" : "success"} dot>
              {e.failingSince ? w("failing") : w("active")}
            </Badge>
          ) : (
            <Badge>{w("noUrl")}</Badge>
          )}
        </div>
      </div>
      {e.disabledAt ? (
        <div className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200 ring-inset" data-testid="endpoint-disabled-banner">
          <p className="font-semibold">{w("disabledOn", { when: when(e.disabledAt, t) })}</p>
          <p>
            {e.disabledReason} {w("disabledNote")}
          </p>
        </div>
      ) : e.warnedAt ? (
        <div className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300 ring-inset" data-testid="endpoint-warning-banner">
          <p className="font-semibold">{w("failingSince", { when: when(e.failingSince, t) })}</p>
          <p>{w("warnedNote")}</p>
        </div>
      ) : null}
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-600">{w("url")}</dt>
        <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-900" data-testid="endpoint-url">
          {e.url ?? w("urlNone")}
        </dd>
        <dt className="text-slate-600">{w("events")}</dt>
        <dd>{e.eventTypes.length ? e.eventTypes.join(", ") : w("everyEvent")}</dd>
        <dt className="text-slate-600">{w("healthLabel")}</dt>
        <dd data-testid="endpoint-health">
          {healthText(e, t)}
          {e.health.lastFailureAt ? w("health.lastFailure", { when: when(e.health.lastFailureAt, t), failure: e.health.lastFailure ?? "" }) : ""}
        </dd>
        {e.previousSecretUntil ? (
          <>
            <dt className="text-slate-600">{w("oldSecret")}</dt>
            <dd>{w("oldSecretUntil", { when: when(e.previousSecretUntil, t) })}</dd>
          </>
        ) : null}
      </dl>
      {actions ? (
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          {e.url ? (
            <>
              <PortalForm action={actions.test} label={w("test", { name })} submit={w("testSubmit")} pendingLabel={w("sending")}>
                <p className="text-xs text-slate-600">{w("testNote")}</p>
              </PortalForm>
              <PortalForm action={actions.reveal} label={w("reveal", { name })} submit={w("revealSubmit")} pendingLabel={w("revealing")} variant="secondary">
                <p className="text-xs text-slate-600">{w("revealNote")}</p>
              </PortalForm>
              <PortalForm action={actions.rotate} label={w("rotate", { name })} submit={w("rotateSubmit")} pendingLabel={w("rotating")} variant="secondary">
                <p className="text-xs text-slate-600">{w("rotateNote")}</p>
              </PortalForm>
            </>
          ) : null}
          <details className="md:col-span-3">
            <summary className="min-h-6 cursor-pointer text-sm font-semibold text-slate-900">{w("more")}</summary>
            <div className="mt-3 grid gap-4 md:grid-cols-2">
              <PortalForm action={actions.update} label={w("edit", { name })} submit={w("save")} pendingLabel={w("saving")} variant="secondary">
                <Field id={`url-${slug}`} label={w("url")}>
                  {(c) => <Input {...c} name="url" type="url" defaultValue={e.url ?? ""} required autoComplete="off" />}
                </Field>
                <Field id={`events-${slug}`} label={w("events")} hint={w("eventsHint")}>
                  {(c) => <Input {...c} name="eventTypes" defaultValue={e.eventTypes.join(", ")} autoComplete="off" />}
                </Field>
                {e.primary ? (
                  <input type="hidden" name="description" value="" />
                ) : (
                  <Field id={`desc-${slug}`} label={w("description")}>
                    {(c) => <Input {...c} name="description" defaultValue={e.description} maxLength={200} autoComplete="off" />}
                  </Field>
                )}
              </PortalForm>
              <div className="flex flex-col gap-4">
                <PortalForm
                  action={actions.enable}
                  label={w(e.disabledAt ? "enable" : "disable", { name })}
                  submit={w(e.disabledAt ? "enableSubmit" : "disableSubmit")}
                  pendingLabel={w("saving")}
                  variant="secondary"
                >
                  <input type="hidden" name="enabled" value={e.disabledAt ? "yes" : "no"} />
                </PortalForm>
                <PortalForm
                  action={actions.recover}
                  label={w("recover", { name })}
                  submit={w("recoverSubmit")}
                  pendingLabel={w("recovering")}
                  variant="secondary"
                >
                  <Field id={`since-${slug}`} label={w("since")} hint={w("sinceHint")}>
                    {(c) => <Input {...c} name="since" type="datetime-local" defaultValue={defaultSince} required />}
                  </Field>
                </PortalForm>
                <PortalForm
                  action={actions.remove}
                  label={w("delete", { name })}
                  submit={w(e.primary ? "removeUrl" : "deleteSubmit")}
                  pendingLabel={w("deleting")}
                  variant="secondary"
                >
                  <p className="text-xs text-slate-600">{w(e.primary ? "primaryCleared" : "logKept")}</p>
                </PortalForm>
              </div>
            </div>
          </details>
        </div>
      ) : null}
    </li>
  );
};
