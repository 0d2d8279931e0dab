// /portal/{businessId}/platforms/{platformId}/webhooks: the webhook endpoints of a platform the business
// registered, as the webhooks page shows a game's (the same components and server actions): the primary
// endpoint (the platform's webhookUrl, which the platform API also sets) and others with event filters, their
// health; the delivery log with resend; recover, rotate the secret, send a test event. A platform receives
// its test and live events alike. Reading needs platforms:read; changes webhooks:write.
import type { Metadata } from "next";
import { PlatformTabs } from "@/components/portal/platform-parts";
import { PortalForm } from "@/components/portal/portal-form";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { WebhookDeliveryLog } from "@/components/portal/webhook-delivery-log";
import { WebhookEndpointItem } from "@/components/portal/webhook-endpoint-item";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { webhookLogFilterOf } from "@/lib/portal/load-portal-webhooks";
import { loadPortalPlatformWebhooks, PLATFORM_EVENT_NAMES } from "@/lib/portal/load-portal-platform-webhooks";
import { getTranslator } from "@/lib/i18n/translator";
import { can } from "@/lib/portal/permissions";
import { portalPage, segmentText } from "../../../../_lib/page";
import {
  createEndpointAction,
  deleteEndpointAction,
  recoverAction,
  resendDeliveryAction,
  revealSecretAction,
  rotateSecretAction,
  sendTestAction,
  setEndpointEnabledAction,
  updateEndpointAction,
} from "../../../webhooks/actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Platform webhooks · Developer portal" }, robots: { index: false } };

type Query = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ businessId: string; platformId: string }>; searchParams: Promise<Query> };

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
const utcOf = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v) ? `${v}Z` : v);

const PlatformWebhooksPage = async ({ params, searchParams }: Props) => {
  const { businessId, platformId: raw } = await params;
  const platformId = segmentText(raw);
  const query = await searchParams;
  const base = `/portal/${businessId}/platforms/${encodeURIComponent(platformId)}`;
  const asked = webhookLogFilterOf({
    endpointId: one(query.endpointId),
    event: one(query.event),
    status: one(query.status),
    since: utcOf(one(query.since)),
    until: utcOf(one(query.until)),
    page: one(query.page),
  });
  return portalPage(
    {
      businessId,
      environment: "test",
      current: "platforms",
      load: (ctx) => loadPortalPlatformWebhooks(ctx, { businessId, platformId, filter: asked }),
    },
    ({ member, platform, endpoints, log, eventNames, filter }, frame) => {
      const t = getTranslator(frame.locale, "portal-logs");
      const manage = can(member.permissions, "webhooks:write");
      const pageHref = (n: number) => {
        const q = new URLSearchParams();
        for (const k of ["endpointId", "event", "status", "since", "until"]) {
          const v = one(query[k]);
          if (v) q.set(k, v);
        }
        q.set("page", String(n));
        return `${base}/webhooks?${q}`;
      };
      const defaultSince = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 16);
      const bound = (endpointId: string) => ({ businessId, platformId: platform.id, endpointId });
      return (
        <PortalPageShell
          {...frame}
          translated
          title={platform.name}
          badge={null}
          back={{ href: `/portal/${businessId}/platforms`, label: t("webhooks.back") }}
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">{t("webhooks.intro")}</p>
              <PlatformTabs base={base} current="webhooks" environment="test" locale={frame.locale} />
            </>
          }
        >
          <Card labelledBy="endpoints">
            <h2 id="endpoints" className="text-lg font-semibold text-slate-900">
              {t("webhooks.endpoints")}
            </h2>
            <ul className="mt-4 space-y-3" aria-label={t("webhooks.endpointsOf", { name: platform.name })}>
              {endpoints.map((e) => {
                const b = bound(e.id);
                return (
                  <WebhookEndpointItem
                    key={e.id}
                    e={e}
                    defaultSince={defaultSince}
                    locale={frame.locale}
                    actions={
                      manage
                        ? {
                            test: sendTestAction.bind(null, b),
                            reveal: revealSecretAction.bind(null, b),
                            rotate: rotateSecretAction.bind(null, b),
                            update: updateEndpointAction.bind(null, b),
                            enable: setEndpointEnabledAction.bind(null, b),
                            recover: recoverAction.bind(null, b),
                            remove: deleteEndpointAction.bind(null, b),
                          }
                        : null
                    }
                  />
                );
              })}
            </ul>
            {manage ? (
              <div className="mt-6 max-w-xl">
                <h3 className="font-semibold text-slate-900">{t("webhooks.add")}</h3>
                <div className="mt-3">
                  <PortalForm
                    action={createEndpointAction.bind(null, { businessId, platformId: platform.id })}
                    label={t("webhooks.addTo", { name: platform.name })}
                    submit={t("webhooks.addSubmit")}
                    pendingLabel={t("webhooks.adding")}
                  >
                    <Field id="new-url" label={t("webhooks.url")} hint={t("webhooks.urlHint")}>
                      {(c) => <Input {...c} name="url" type="url" required autoComplete="off" placeholder="https://example.com/coinop/webhooks" />}
                    </Field>
                    <Field id="new-events" label={t("webhooks.events")} hint={t("webhooks.eventsHint", { example: PLATFORM_EVENT_NAMES[0]! })}>
                      {(c) => <Input {...c} name="eventTypes" autoComplete="off" />}
                    </Field>
                    <Field id="new-description" label={t("webhooks.description")}>
                      {(c) => <Input {...c} name="description" maxLength={200} autoComplete="off" />}
                    </Field>
                  </PortalForm>
                </div>
                <details className="mt-3 text-sm text-slate-700">
                  <summary className="min-h-11 cursor-pointer content-center font-semibold text-slate-900">{t("webhooks.eventList")}</summary>
                  <ul className="mt-1 grid gap-1 font-mono text-xs sm:grid-cols-2">
                    {PLATFORM_EVENT_NAMES.map((n) => (
                      <li key={n}>{n}</li>
                    ))}
                  </ul>
                </details>
              </div>
            ) : null}
          </Card>
          {log ? (
            <Card labelledBy="log">
              <h2 id="log" className="text-lg font-semibold text-slate-900">
                {t("webhooks.log")}
              </h2>
              <div className="mt-4">
                <WebhookDeliveryLog
                  deliveries={log.deliveries}
                  endpoints={endpoints}
                  eventNames={eventNames}
                  filter={filter}
                  keep={{}}
                  pageHref={pageHref}
                  pagination={log.pagination}
                  locale={frame.locale}
                  resend={manage ? (deliveryId) => resendDeliveryAction.bind(null, { businessId, platformId: platform.id, deliveryId }) : null}
                />
              </div>
            </Card>
          ) : null}
        </PortalPageShell>
      );
    },
  );
};

export default PlatformWebhooksPage;
