// /portal/{businessId}/catalogue: the products of each game of the selected environment, with their prices,
// fulfilment, key pool counts and images. Roles that may change the catalogue create products (every
// fulfilment type, virtual-currency prices, a key pool) and edit them, through the /v1 product services.
import type { Metadata } from "next";
import { CatalogueProductForm } from "@/components/portal/catalogue-product-fields";
import { CatalogueProductItem } from "@/components/portal/catalogue-product-item";
import { CatalogueTabs } from "@/components/portal/catalogue-tabs";
import { Disclosure } from "@/components/portal/disclosure";
import { environmentOf } from "@/components/portal/env-href";
import { CATALOGUE_PAGE_SIZE, loadPortalProducts } from "@/lib/portal/load-portal-products";
import { can } from "@/lib/portal/permissions";
import { NamedCard } from "@/components/portal/named-card";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { createProductAction, updateProductAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Catalogue · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const CataloguePage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "catalogue", load: (ctx) => loadPortalProducts(ctx, { businessId, environment }) },
    ({ member, games }, frame) => {
      const manage = can(member.permissions, "catalogue:write");
      return (
        <PortalPageShell
          {...frame}
          title="Catalogue"
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">
                The products of your {environment} games: what players buy by card, wallet or virtual currency, and what happens after they pay.
              </p>
              <div className="mt-4">
                <CatalogueTabs businessId={businessId} environment={environment} current="products" />
              </div>
              {games.length === 0 ? <p className="mt-3 text-sm text-slate-700">No {environment} games yet: create one on the Games page.</p> : null}
            </>
          }
        >
          {games.map((g) => (
            <NamedCard key={g.id} id={`game-${g.id}`} name={g.name}>
              <p className="mt-1 text-sm text-slate-700">
                {g.totalCount === 1 ? "1 product" : `${g.totalCount} products`}
                {g.totalCount > CATALOGUE_PAGE_SIZE ? ` (the newest ${CATALOGUE_PAGE_SIZE} are shown)` : ""}
              </p>
              {manage ? (
                <Disclosure summary={`New product in ${g.name}`} className="mt-4 rounded-lg p-3 ring-1 ring-slate-200 ring-inset">
                  <CatalogueProductForm
                    action={createProductAction.bind(null, { businessId, gameId: g.id })}
                    label={`New product in ${g.name}`}
                    submit="Create product"
                    pendingLabel="Creating…"
                    id={`new-${g.id}`}
                    currencies={g.currencies}
                  />
                </Disclosure>
              ) : null}
              {g.products.length === 0 ? (
                <p className="mt-4 text-sm text-slate-700">No products yet.</p>
              ) : (
                <ul className="mt-4 space-y-3" aria-label={`Products of ${g.name}`}>
                  {g.products.map((p) => (
                    <CatalogueProductItem
                      key={p._id}
                      product={p}
                      currencies={g.currencies}
                      edit={manage ? updateProductAction.bind(null, { businessId, productId: p._id }) : undefined}
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
