// /portal/{businessId}/webhooks: per game of the selected environment, its webhook endpoints (URL, event
// filter, health, the warning and disabled banners) and its delivery log (every attempt with its request,
// response, status and latency, filterable by endpoint, event, status and time). Members with
// webhooks:write add, edit, enable or disable and delete endpoints, reveal and rotate secrets, send test
// events, resend any delivery and recover failed ones; webhooks:read sees it all read-only.
import type { Metadata } from "next";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { PortalForm } from "@/components/portal/portal-form";
import { WebhookDeliveryLog } from "@/components/portal/webhook-delivery-log";
import { WebhookEndpointItem } from "@/components/portal/webhook-endpoint-item";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { getTranslator } from "@/lib/i18n/translator";
import { loadPortalWebhooks, webhookLogFingerprint, webhookLogQueryOf } from "@/lib/portal/load-portal-webhooks";
import { WebhookLogLive } from "@/components/portal/webhook-log-live";
import { can } from "@/lib/portal/permissions";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";
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
} from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-access")("webhooks.page.metaTitle") },
  robots: { index: false },
});

type Query = Record<string, string | string[] | undefined>;
type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<Query> };

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

/** The page's own search parameters, for its live JSON (…/webhooks/log). */
const logQuery = (query: Query) => {
  const q = new URLSearchParams();
  for (const k of ["env", "game", "endpointId", "event", "status", "since", "until", "page"]) {
    const v = one(query[k]);
    if (v) q.set(k, v);
  }
  return q.toString();
};

const WebhooksPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const query = await searchParams;
  const environment = environmentOf(query.env);
  const base = `/portal/${businessId}/webhooks`;
  const { gameId, filter: asked } = webhookLogQueryOf(query);
  return portalPage(
    {
      businessId,
      environment,
      current: "webhooks",
      load: (ctx) => loadPortalWebhooks(ctx, { businessId, environment, gameId, filter: asked }),
    },
    ({ member, games, selected, log, eventNames, filter }, frame) => {
      const manage = can(member.permissions, "webhooks:write");
      const t = getTranslator(frame.locale, "portal-access");
      const gameHref = (gameId: string) => `${base}?${new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), game: gameId })}`;
      const keep: Record<string, string> = { ...(environment === "live" ? { env: "live" } : {}), ...(selected ? { game: selected.id } : {}) };
      const pageHref = (n: number) => {
        const q = new URLSearchParams(keep);
        for (const k of ["endpointId", "event", "status", "since", "until"]) {
          const v = one(query[k]);
          if (v) q.set(k, v);
        }
        q.set("page", String(n));
        return `${base}?${q}`;
      };
      const defaultSince = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 16);
      const bound = (gameId: string, endpointId: string) => ({ businessId, gameId, endpointId });
      return (
        <PortalPageShell
          {...frame}
          title={t("webhooks.page.title")}
          translated
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">{t("webhooks.page.intro", { environment })}</p>
              {games.length === 0 ? (
                <p className="mt-3 text-sm text-slate-700">
                  {t.rich("webhooks.page.noGames", {
                    environment,
                    link: (chunks) => (
                      <a className={textLinkClass} href={envHref(`/portal/${businessId}/games`, environment)}>
                        {chunks}
                      </a>
                    ),
                  })}
                </p>
              ) : games.length > 1 ? (
                <nav aria-label={t("webhooks.page.gamesNav")} className="mt-4 flex flex-wrap gap-2">
                  {games.map((g) => (
                    <a
                      key={g.id}
                      href={gameHref(g.id)}
                      aria-current={g.id === selected?.id ? "page" : undefined}
                      className={`inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ring-1 ring-inset ${g.id === selected?.id ? "bg-slate-900 text-white ring-slate-900" : "text-slate-900 ring-slate-300 hover:bg-slate-50"}`}
                    >
                      {g.name}
                    </a>
                  ))}
                </nav>
              ) : null}
            </>
          }
        >
          {selected ? (
            <>
              <Card labelledBy="endpoints">
                <h2 id="endpoints" className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
                  {t("webhooks.page.endpointsOf", { name: selected.name })}
                </h2>
                <ul className="mt-4 space-y-3" aria-label={t("webhooks.page.endpointsOf", { name: selected.name })}>
                  {selected.endpoints.map((e) => {
                    const b = bound(selected.id, e.id);
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
                    <h3 className="font-semibold text-slate-900">{t("webhooks.page.add")}</h3>
                    <div className="mt-3">
                      <PortalForm
                        action={createEndpointAction.bind(null, { businessId, gameId: selected.id })}
                        label={t("webhooks.page.addTo", { name: selected.name })}
                        submit={t("webhooks.page.addSubmit")}
                        pendingLabel={t("webhooks.page.adding")}
                      >
                        <Field
                          id="new-url"
                          label={t("webhooks.page.url")}
                          hint={t(environment === "test" ? "webhooks.page.urlHintTest" : "webhooks.page.urlHintLive")}
                        >
                          {(c) => <Input {...c} name="url" type="url" required autoComplete="off" placeholder="https://example.com/coinop/webhooks" />}
                        </Field>
                        <Field id="new-events" label={t("webhooks.page.events")} hint={t("webhooks.page.eventsHint")}>
                          {(c) => <Input {...c} name="eventTypes" autoComplete="off" />}
                        </Field>
                        <Field id="new-description" label={t("webhooks.page.description")}>
                          {(c) => <Input {...c} name="description" maxLength={200} autoComplete="off" />}
                        </Field>
                      </PortalForm>
                    </div>
                  </div>
                ) : null}
              </Card>
              {log ? (
                <Card labelledBy="log">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h2 id="log" className="text-lg font-semibold text-slate-900">
                      {t("webhooks.page.log")}
                    </h2>
                    <WebhookLogLive
                      url={`${base}/log?${logQuery({ ...query, game: selected.id })}`}
                      fingerprint={webhookLogFingerprint(log)}
                      words={{ on: t("webhooks.live.on"), paused: t("webhooks.live.paused"), checked: t("webhooks.live.checked", { time: "{time}" }) }}
                    />
                  </div>
                  <div className="mt-4">
                    <WebhookDeliveryLog
                      deliveries={log.deliveries}
                      endpoints={selected.endpoints}
                      eventNames={eventNames}
                      filter={filter}
                      keep={keep}
                      pageHref={pageHref}
                      pagination={log.pagination}
                      locale={frame.locale}
                      resend={manage ? (deliveryId) => resendDeliveryAction.bind(null, { businessId, gameId: selected.id, deliveryId }) : null}
                    />
                  </div>
                </Card>
              ) : null}
            </>
          ) : null}
        </PortalPageShell>
      );
    },
  );
};

export default WebhooksPage;
