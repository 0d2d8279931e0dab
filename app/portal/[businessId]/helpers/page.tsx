// /portal/{businessId}/helpers: the test helpers as buttons, test mode only: approve a link session,
// complete a checkout, fund a wallet. Each calls the same service as its /v1/test-helpers route (through
// lib/portal, testhelpers:use checked first); live mode, and any live object, is refused with a message.
import type { Metadata } from "next";
import { ErrorNotice } from "@/components/hosted/state-message";
import { environmentOf, envHref } from "@/components/portal/env-href";
import { HelperSelect } from "@/components/portal/helper-select";
import { PortalForm } from "@/components/portal/portal-form";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { getTranslator } from "@/lib/i18n/translator";
import { loadPortalHelpers } from "@/lib/portal/load-portal-helpers";
import { requirePortalAccess } from "@/lib/portal/require-portal-access";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";
import { approveSessionAction, completeCheckoutAction, fundWalletAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-more")("helpers.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

const H2 = ({ id, children }: { id: string; children: string }) => (
  <h2 id={id} className="text-lg font-semibold text-slate-900">
    {children}
  </h2>
);

const HelpersPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  const base = `/portal/${encodeURIComponent(businessId)}/helpers`;

  if (environment === "live")
    // the role is still checked (a stranger gets 404), but nothing is loaded: helpers do not exist in live
    return portalPage(
      {
        businessId,
        environment,
        current: "helpers",
        load: async (ctx) => ({ member: await requirePortalAccess(ctx, { businessId, permission: "testhelpers:use" }) }),
      },
      (_value, frame) => {
        const t = getTranslator(frame.locale, "portal-more");
        return (
          <PortalPageShell
            {...frame}
            title={t("helpers.title")}
            translated
            badge={null}
            intro={
              <>
                <div className="mt-4" data-testid="live-refusal">
                  <ErrorNotice>{t("helpers.testOnly")}</ErrorNotice>
                </div>
                <p className="mt-4 text-sm">
                  <a className={textLinkClass} href={envHref(base, "test")}>
                    {t("helpers.openTest")}
                  </a>
                </p>
              </>
            }
          />
        );
      },
    );

  return portalPage(
    { businessId, environment, current: "helpers", load: (ctx) => loadPortalHelpers(ctx, { businessId, environment }) },
    ({ games, sessions, grants }, frame) => {
      const t = getTranslator(frame.locale, "portal-more");
      return (
        <PortalPageShell
          {...frame}
          title={t("helpers.title")}
          translated
          intro={<p className="mt-2 text-sm text-slate-700">{t.rich("helpers.intro", { code: (chunks) => <code>{chunks}</code> })}</p>}
        >
          <Card labelledBy="approve-title">
            <H2 id="approve-title">{t("helpers.approveTitle")}</H2>
            <p className="mt-1 text-sm text-slate-700">{t("helpers.approveIntro")}</p>
            {sessions.length ? (
              <ul className="mt-4 space-y-3" aria-label={t("helpers.pendingSessions")}>
                {sessions.map((s) => (
                  <li
                    key={s.sessionKey}
                    className="grid gap-2 rounded-lg p-3 ring-1 ring-slate-200 ring-inset sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-center"
                    data-testid={`session-${s.sessionKey}`}
                  >
                    <div className="min-w-0 text-sm">
                      <p className="font-mono text-xs break-all text-slate-900">{s.sessionKey}</p>
                      <p className="text-slate-700">
                        {t("helpers.sessionLine", { namespace: s.namespace, email: s.prefilledEmail ?? t("helpers.noEmail"), expires: when(s.expiresAt) })}
                      </p>
                    </div>
                    <PortalForm
                      action={approveSessionAction.bind(null, { businessId })}
                      label={t("helpers.approveOne", { key: s.sessionKey })}
                      submit={t("helpers.approve")}
                      pendingLabel={t("helpers.approving")}
                    >
                      <input type="hidden" name="sessionKey" value={s.sessionKey} />
                    </PortalForm>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-4 text-sm text-slate-700">{t("helpers.noSessions")}</p>
            )}
            <div className="mt-4">
              <PortalForm
                action={approveSessionAction.bind(null, { businessId })}
                label={t("helpers.approveByKey")}
                submit={t("helpers.approveSession")}
                pendingLabel={t("helpers.approving")}
                variant="secondary"
              >
                <Field id="approve-key" label={t("helpers.sessionKey")}>
                  {(c) => <Input {...c} name="sessionKey" required autoComplete="off" className="font-mono" />}
                </Field>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field id="approve-email" label={t("helpers.playerEmail")} hint={t("helpers.playerEmailHint")}>
                    {(c) => <Input {...c} name="email" type="email" autoComplete="off" />}
                  </Field>
                  <Field id="approve-name" label={t("helpers.playerName")}>
                    {(c) => <Input {...c} name="name" autoComplete="off" />}
                  </Field>
                </div>
              </PortalForm>
            </div>
          </Card>

          <Card labelledBy="checkout-title">
            <H2 id="checkout-title">{t("helpers.checkoutTitle")}</H2>
            <p className="mt-1 text-sm text-slate-700">{t("helpers.checkoutIntro")}</p>
            {grants.length ? (
              <ul className="mt-4 space-y-3" aria-label={t("helpers.pendingCheckouts")}>
                {grants.map((g) => (
                  <li key={g.grantId} className="grid gap-2 rounded-lg p-3 ring-1 ring-slate-200 ring-inset sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-center">
                    <div className="min-w-0 text-sm">
                      <p className="font-semibold text-slate-900">
                        {g.item} · {g.game}
                      </p>
                      <p className="text-slate-700">{t("helpers.checkoutLine", { email: g.email ?? t("helpers.guest"), created: when(g.createdAt) })}</p>
                    </div>
                    <PortalForm
                      action={completeCheckoutAction.bind(null, { businessId })}
                      label={t("helpers.payOne", { id: g.grantId })}
                      submit={t("helpers.pay")}
                      pendingLabel={t("helpers.paying")}
                    >
                      <input type="hidden" name="url" value={g.url} />
                      <input type="hidden" name="outcome" value="succeeded" />
                      <input type="hidden" name="method" value="card" />
                    </PortalForm>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="mt-4">
              <PortalForm
                action={completeCheckoutAction.bind(null, { businessId })}
                label={t("helpers.completeByUrl")}
                submit={t("helpers.complete")}
                pendingLabel={t("helpers.completing")}
                variant="secondary"
              >
                <Field id="complete-url" label={t("helpers.checkoutUrl")} hint={t("helpers.checkoutUrlHint")}>
                  {(c) => <Input {...c} name="url" type="url" required autoComplete="off" />}
                </Field>
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field id="complete-outcome" label={t("helpers.outcome")}>
                    {(c) => (
                      <HelperSelect {...c} name="outcome" defaultValue="succeeded">
                        <option value="succeeded">{t("helpers.succeeded")}</option>
                        <option value="declined">{t("helpers.declined")}</option>
                        <option value="canceled">{t("helpers.canceled")}</option>
                      </HelperSelect>
                    )}
                  </Field>
                  <Field id="complete-method" label={t("helpers.method")}>
                    {(c) => (
                      <HelperSelect {...c} name="method" defaultValue="">
                        <option value="">{t("helpers.methodDefault")}</option>
                        <option value="card">{t("helpers.card")}</option>
                        <option value="wallet">{t("helpers.wallet")}</option>
                        <option value="vc">{t("helpers.vc")}</option>
                      </HelperSelect>
                    )}
                  </Field>
                  <Field id="complete-email" label={t("helpers.email")}>
                    {(c) => <Input {...c} name="email" type="email" autoComplete="off" />}
                  </Field>
                </div>
              </PortalForm>
            </div>
          </Card>

          <Card labelledBy="fund-title">
            <H2 id="fund-title">{t("helpers.fundTitle")}</H2>
            <p className="mt-1 text-sm text-slate-700">{t("helpers.fundIntro")}</p>
            {games.length ? (
              <div className="mt-4">
                <PortalForm
                  action={fundWalletAction.bind(null, { businessId })}
                  label={t("helpers.fundTitle")}
                  submit={t("helpers.fund")}
                  pendingLabel={t("helpers.funding")}
                >
                  <div className="grid gap-3 sm:grid-cols-3">
                    <Field id="fund-game" label={t("helpers.game")}>
                      {(c) => (
                        <HelperSelect {...c} name="gameId" defaultValue={games[0]!.id}>
                          {games.map((g) => (
                            <option key={g.id} value={g.id}>
                              {g.name}
                            </option>
                          ))}
                        </HelperSelect>
                      )}
                    </Field>
                    <Field id="fund-user" label={t("helpers.userRef")}>
                      {(c) => <Input {...c} name="userRef" required autoComplete="off" className="font-mono" />}
                    </Field>
                    <Field id="fund-amount" label={t("helpers.amount")} hint={t("helpers.amountHint")}>
                      {(c) => <Input {...c} name="amountUsdc" required inputMode="decimal" autoComplete="off" />}
                    </Field>
                  </div>
                </PortalForm>
              </div>
            ) : (
              <p className="mt-4 text-sm text-slate-700">{t("helpers.noGames")}</p>
            )}
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default HelpersPage;
