// /portal/{businessId}/cashouts: the cashout review queue of the selected environment. Pending requests
// oldest first (the order to review them in), or the decided ones by status; finance, owners and admins
// approve or reject with a reason (the /v1 approve and reject services), everyone who reads the ledger sees.
import type { Metadata } from "next";
import { CashoutItem } from "@/components/portal/cashout-item";
import { environmentOf } from "@/components/portal/env-href";
import { Card } from "@/components/ui/card";
import { focusRing } from "@/components/ui/classes";
import { getTranslator } from "@/lib/i18n/translator";
import { usdcIn } from "@/lib/portal/money-locale-format";
import { listPortalCashouts, statusOf, type CashoutFilterStatus } from "@/lib/portal/list-portal-cashouts";
import { can } from "@/lib/portal/permissions";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";
import { approveCashoutAction, rejectCashoutAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-money")("cashouts.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const TABS: CashoutFilterStatus[] = ["pendingReview", "approved", "rejected", "all"];

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const CashoutsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const q = await searchParams;
  const environment = environmentOf(q.env);
  const status = statusOf(one(q.status));
  const decidedId = one(q.decided);
  const base = `/portal/${encodeURIComponent(businessId)}/cashouts`;
  const tabHref = (s: CashoutFilterStatus) => {
    const p = new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), ...(s === "pendingReview" ? {} : { status: s }) });
    return p.size ? `${base}?${p}` : base;
  };
  return portalPage(
    { businessId, environment, current: "cashouts", load: (ctx) => listPortalCashouts(ctx, { businessId, environment, status, decidedId }) },
    ({ member, items, total, decided }, frame) => {
      const canDecide = can(member.permissions, "cashouts:write");
      const t = getTranslator(frame.locale, "portal-money");
      const tab = (s: CashoutFilterStatus) => t(`cashouts.tab.${s}`);
      return (
        <PortalPageShell
          {...frame}
          title={t("cashouts.title")}
          translated
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">
                {t("cashouts.intro")}
                {canDecide ? null : t("cashouts.readOnly")}
              </p>
              {decided ? (
                <p
                  role="status"
                  className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset"
                  data-testid="decided"
                >
                  {decided.status === "approved"
                    ? t("cashouts.approved", {
                        units: decided.unitsRequested,
                        code: decided.currency.code,
                        who: decided.email ?? decided.userRef,
                        usdc: usdcIn(frame.locale, decided.convertedBaseUnits ?? "0"),
                      })
                    : t("cashouts.rejected", { who: decided.email ?? decided.userRef, reason: decided.rejectionReason ?? "" })}
                </p>
              ) : null}
              <nav aria-label={t("cashouts.statusNav")} className="mt-4">
                <ul className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
                  {TABS.map((s) => (
                    <li key={s}>
                      <a
                        href={tabHref(s)}
                        aria-current={s === status ? "page" : undefined}
                        className={`inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ${focusRing} ${s === status ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-white"}`}
                      >
                        {tab(s)}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </>
          }
        >
          <Card labelledBy="queue">
            <h2 id="queue" className="text-lg font-semibold text-slate-900">
              {t("cashouts.requests", { status })} <span className="font-normal text-slate-600">({total})</span>
            </h2>
            {items.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">{status === "pendingReview" ? t("cashouts.nothing") : t("cashouts.none")}</p>
            ) : (
              <ul className="mt-4 space-y-3" aria-label={t("cashouts.list")}>
                {items.map((c) => (
                  <CashoutItem
                    key={c._id}
                    c={c}
                    businessId={businessId}
                    environment={environment}
                    t={t}
                    locale={frame.locale}
                    decide={
                      canDecide
                        ? {
                            approve: approveCashoutAction.bind(null, { businessId, environment, cashoutRequestId: c._id }),
                            reject: rejectCashoutAction.bind(null, { businessId, environment, cashoutRequestId: c._id }),
                          }
                        : null
                    }
                  />
                ))}
              </ul>
            )}
            {total > items.length ? <p className="mt-3 text-sm text-slate-700">{t("cashouts.showing", { shown: items.length, total })}</p> : null}
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default CashoutsPage;
