// /portal/{businessId}/catalogue: the products of each game of the selected environment, with their prices,
// fulfilment, key pool counts and images. Roles that may change the catalogue create products (every
// fulfilment type, virtual-currency prices, a key pool) and edit them, through the /v1 product services.
import type { Metadata } from "next";
import { CatalogueProductForm } from "@/components/portal/catalogue-product-fields";
import { CatalogueProductItem, productFormWords } from "@/components/portal/catalogue-product-item";
import { CatalogueTabs } from "@/components/portal/catalogue-tabs";
import { Disclosure } from "@/components/portal/disclosure";
import { environmentOf } from "@/components/portal/env-href";
import { CATALOGUE_PAGE_SIZE, loadPortalProducts } from "@/lib/portal/load-portal-products";
import { getTranslator } from "@/lib/i18n/translator";
import { can } from "@/lib/portal/permissions";
import { NamedCard } from "@/components/portal/named-card";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";
import { createProductAction, updateProductAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-catalogue")("catalogue.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const CataloguePage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "catalogue", load: (ctx) => loadPortalProducts(ctx, { businessId, environment }) },
    ({ member, games }, frame) => {
      const manage = can(member.permissions, "catalogue:write");
      const t = getTranslator(frame.locale, "portal-catalogue");
      const words = manage ? productFormWords(t) : null;
      return (
        <PortalPageShell
          {...frame}
          title={t("catalogue.title")}
          translated
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">{t("catalogue.intro", { environment })}</p>
              <div className="mt-4">
                <CatalogueTabs businessId={businessId} environment={environment} current="products" locale={frame.locale} />
              </div>
              {games.length === 0 ? <p className="mt-3 text-sm text-slate-700">{t("catalogue.noGames", { environment })}</p> : null}
            </>
          }
        >
          {games.map((g) => (
            <NamedCard key={g.id} id={`game-${g.id}`} name={g.name}>
              <p className="mt-1 text-sm text-slate-700">
                {t("catalogue.count", { count: g.totalCount })}
                {g.totalCount > CATALOGUE_PAGE_SIZE ? t("catalogue.newestShown", { size: CATALOGUE_PAGE_SIZE }) : ""}
              </p>
              {words ? (
                <Disclosure summary={t("catalogue.newIn", { game: g.name })} className="mt-4 rounded-lg p-3 ring-1 ring-slate-200 ring-inset">
                  <CatalogueProductForm
                    action={createProductAction.bind(null, { businessId, gameId: g.id })}
                    label={t("catalogue.newIn", { game: g.name })}
                    submit={t("catalogue.create")}
                    pendingLabel={t("catalogue.creating")}
                    words={words}
                    id={`new-${g.id}`}
                    currencies={g.currencies}
                  />
                </Disclosure>
              ) : null}
              {g.products.length === 0 ? (
                <p className="mt-4 text-sm text-slate-700">{t("catalogue.none")}</p>
              ) : (
                <ul className="mt-4 space-y-3" aria-label={t("catalogue.productsOf", { game: g.name })}>
                  {g.products.map((p) => (
                    <CatalogueProductItem
                      key={p._id}
                      product={p}
                      currencies={g.currencies}
                      edit={manage ? updateProductAction.bind(null, { businessId, productId: p._id }) : undefined}
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

export default CataloguePage;
