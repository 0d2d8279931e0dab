// One webhook endpoint on the portal's webhooks page: its URL, filter, health and banners (warned: the
// failure streak will disable it; disabled), and, for a member who may change webhooks, its actions: send a
// test event, reveal or rotate the secret, edit, enable or disable, recover failed deliveries, delete.
import { Badge } from "@/components/ui/badge";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
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

const when = (d: Date | null) => (d ? `${d.toISOString().slice(0, 16).replace("T", " ")} UTC` : "never");

const healthText = (e: EndpointSummary) => {
  const h = e.health;
  if (h.attempts === 0) return "No attempts yet";
  return `${Math.round((h.successRate ?? 0) * 100)}% of the last ${h.attempts === 1 ? "attempt" : `${h.attempts} attempts`} succeeded`;
};

export const WebhookEndpointItem = ({ e, actions, defaultSince }: { e: EndpointSummary; actions: EndpointActions | null; defaultSince: string }) => {
  const name = e.primary ? "Primary endpoint" : e.description || "Endpoint";
  const slug = e.id;
  return (
    <li className="rounded-lg p-4 ring-1 ring-slate-200 ring-inset" data-testid={`endpoint-${e.id}`} data-primary={e.primary ? "yes" : "no"}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">{name}</h3>
        <div className="flex flex-wrap gap-2">
          {e.primary ? <Badge>API’s webhookUrl</Badge> : null}
          {e.disabledAt ? (
            <Badge tone="danger" dot>
              Disabled
            </Badge>
          ) : e.url ? (
            <Badge tone={e.failingSince ? "warning" : "success"} dot>
              {e.failingSince ? "Failing" : "Active"}
            </Badge>
          ) : (
            <Badge>No URL</Badge>
          )}
        </div>
      </div>
      {e.disabledAt ? (
        <div className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200 ring-inset" data-testid="endpoint-disabled-banner">
          <p className="font-semibold">Disabled on {when(e.disabledAt)}.</p>
          <p>{e.disabledReason} No deliveries are attempted; new events are kept as failed. Fix the receiver, enable it, then recover the failed deliveries.</p>
        </div>
      ) : e.warnedAt ? (
        <div className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300 ring-inset" data-testid="endpoint-warning-banner">
          <p className="font-semibold">Every attempt has failed since {when(e.failingSince)}.</p>
          <p>The owners were emailed. After 72 hours of failures the endpoint is disabled.</p>
        </div>
      ) : null}
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm text-slate-700 sm:grid-cols-[max-content_1fr]">
        <dt className="text-slate-600">URL</dt>
        <dd className="font-mono text-xs [overflow-wrap:anywhere] text-slate-900" data-testid="endpoint-url">
          {e.url ?? "(none: set one to receive events)"}
        </dd>
        <dt className="text-slate-600">Events</dt>
        <dd>{e.eventTypes.length ? e.eventTypes.join(", ") : "Every event"}</dd>
        <dt className="text-slate-600">Health</dt>
        <dd data-testid="endpoint-health">
          {healthText(e)}
          {e.health.lastFailureAt ? `; last failure ${when(e.health.lastFailureAt)}: ${e.health.lastFailure}` : ""}
        </dd>
        {e.previousSecretUntil ? (
          <>
            <dt className="text-slate-600">Old secret</dt>
            <dd>still signs (x-service-signature-previous) until {when(e.previousSecretUntil)}</dd>
          </>
        ) : null}
      </dl>
      {actions ? (
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          {e.url ? (
            <>
              <PortalForm action={actions.test} label={`Send a test event to ${name}`} submit="Send test event" pendingLabel="Sending…">
                <p className="text-xs text-slate-600">A signed Webhook.Ping to this endpoint only.</p>
              </PortalForm>
              <PortalForm action={actions.reveal} label={`Reveal the secret of ${name}`} submit="Reveal secret" pendingLabel="Revealing…" variant="secondary">
                <p className="text-xs text-slate-600">Recorded in the audit log.</p>
              </PortalForm>
              <PortalForm action={actions.rotate} label={`Rotate the secret of ${name}`} submit="Rotate secret" pendingLabel="Rotating…" variant="secondary">
                <p className="text-xs text-slate-600">Both secrets sign for 24 hours.</p>
              </PortalForm>
            </>
          ) : null}
          <details className="md:col-span-3">
            <summary className="min-h-6 cursor-pointer text-sm font-semibold text-slate-900">Edit, enable or disable, recover, delete</summary>
            <div className="mt-3 grid gap-4 md:grid-cols-2">
              <PortalForm action={actions.update} label={`Edit ${name}`} submit="Save" pendingLabel="Saving…" variant="secondary">
                <Field id={`url-${slug}`} label="URL">
                  {(c) => <Input {...c} name="url" type="url" defaultValue={e.url ?? ""} required autoComplete="off" />}
                </Field>
                <Field id={`events-${slug}`} label="Events" hint="Event names separated by commas; empty for every event.">
                  {(c) => <Input {...c} name="eventTypes" defaultValue={e.eventTypes.join(", ")} autoComplete="off" />}
                </Field>
                {e.primary ? (
                  <input type="hidden" name="description" value="" />
                ) : (
                  <Field id={`desc-${slug}`} label="Description">
                    {(c) => <Input {...c} name="description" defaultValue={e.description} maxLength={200} autoComplete="off" />}
                  </Field>
                )}
              </PortalForm>
              <div className="flex flex-col gap-4">
                <PortalForm
                  action={actions.enable}
                  label={`${e.disabledAt ? "Enable" : "Disable"} ${name}`}
                  submit={e.disabledAt ? "Enable endpoint" : "Disable endpoint"}
                  pendingLabel="Saving…"
                  variant="secondary"
                >
                  <input type="hidden" name="enabled" value={e.disabledAt ? "yes" : "no"} />
                </PortalForm>
                <PortalForm
                  action={actions.recover}
                  label={`Recover failed deliveries of ${name}`}
                  submit="Recover failed deliveries"
                  pendingLabel="Recovering…"
                  variant="secondary"
                >
                  <Field id={`since-${slug}`} label="Failed since (UTC)" hint="Every failed delivery since then is sent again, once.">
                    {(c) => <Input {...c} name="since" type="datetime-local" defaultValue={defaultSince} required />}
                  </Field>
                </PortalForm>
                <PortalForm
                  action={actions.remove}
                  label={`Delete ${name}`}
                  submit={e.primary ? "Remove the URL" : "Delete endpoint"}
                  pendingLabel="Deleting…"
                  variant="secondary"
                >
                  <p className="text-xs text-slate-600">{e.primary ? "The game’s webhookUrl is cleared." : "Its delivery log is kept."}</p>
                </PortalForm>
              </div>
            </div>
          </details>
        </div>
      ) : null}
    </li>
  );
};
