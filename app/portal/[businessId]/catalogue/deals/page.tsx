// /portal/{businessId}/catalogue/deals: the deals of each game of the selected environment, per item, with
// the deal price beside the regular one. Roles that may change the catalogue create deals (USD or one
// virtual currency, a code unique per item), edit them, and activate or deactivate them.
import type { Metadata } from "next";
import { units, usd } from "@/components/portal/catalogue-fields";
import { CatalogueTabs } from "@/components/portal/catalogue-tabs";
import { DealFields, DealItemField } from "@/components/portal/deal-fields";
import { DealItemRow } from "@/components/portal/deal-item";
import { Disclosure } from "@/components/portal/disclosure";
import { environmentOf } from "@/components/portal/env-href";
import { PortalForm } from "@/components/portal/portal-form";
import { loadPortalDeals, type DealItem } from "@/lib/portal/load-portal-deals";
import { can } from "@/lib/portal/permissions";
import { NamedCard } from "@/components/portal/named-card";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../../_lib/page";
import { getPortalLocale } from "../../../_lib/portal-locale";
import { getTranslator } from "@/lib/i18n/translator";
import { createDealAction, setDealStatusAction, updateDealAction } from "../actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-catalogue")("deals.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const priceOf = (noPrice: string) => (i: DealItem) =>
  [...(i.priceCents === null ? [] : [usd(i.priceCents)]), ...i.vcPrices.map((v) => units(v.amount, v.code))].join(", ") || noPrice;

const DealsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "catalogue", load: (ctx) => loadPortalDeals(ctx, { businessId, environment }) },
    ({ member, games }, frame) => {
      const manage = can(member.permissions, "catalogue:write");
      const t = getTranslator(frame.locale, "portal-catalogue");
      return (
        <PortalPageShell
          {...frame}
          title={t("deals.title")}
          translated
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">{t("deals.intro")}</p>
              <div className="mt-4">
                <CatalogueTabs businessId={businessId} environment={environment} current="deals" locale={frame.locale} />
              </div>
              {games.length === 0 ? <p className="mt-3 text-sm text-slate-700">{t("catalogue.noGames", { environment })}</p> : null}
            </>
          }
        >
          {games.map((g) => (
            <NamedCard key={g.id} id={`game-${g.id}`} name={g.name}>
              {manage && g.items.length ? (
                <Disclosure summary={t("deals.newIn", { game: g.name })} className="mt-4 rounded-lg p-3 ring-1 ring-slate-200 ring-inset">
                  <PortalForm
                    action={createDealAction.bind(null, { businessId, gameId: g.id })}
                    label={t("deals.newIn", { game: g.name })}
                    submit={t("deals.create")}
                    keepValuesOnError
                    pendingLabel={t("deals.creating")}
                  >
                    <DealItemField id={`new-deal-${g.id}`} items={g.items} priceOf={priceOf(t("deals.noPrice"))} locale={frame.locale} />
                    <DealFields id={`new-deal-${g.id}`} currencies={g.currencies} locale={frame.locale} />
                  </PortalForm>
                </Disclosure>
              ) : null}
              {g.items.length === 0 ? <p className="mt-4 text-sm text-slate-700">{t("deals.noProducts")}</p> : null}
              {g.deals.length === 0 ? (
                <p className="mt-4 text-sm text-slate-700">{t("deals.none")}</p>
              ) : (
                <ul className="mt-4 space-y-3" aria-label={t("deals.dealsOf", { game: g.name })}>
                  {g.deals.map((d) => (
                    <DealItemRow
                      key={d._id}
                      deal={d}
                      item={g.items.find((i) => i.id === d.itemId)}
                      currencies={g.currencies}
                      toggle={manage ? setDealStatusAction.bind(null, { businessId, dealId: d._id }) : undefined}
                      edit={manage ? updateDealAction.bind(null, { businessId, dealId: d._id }) : undefined}
                      locale={frame.locale}
                    />
                  ))}
                </ul>
              )}
            </NamedCard>
          ))}
        </PortalPageShell>
      );
    },
  );
};

export default DealsPage;
