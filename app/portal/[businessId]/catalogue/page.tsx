// /portal/{businessId}/catalogue: the products of each game of the selected environment, with their prices,
// fulfilment, key pool counts and images. Roles that may change the catalogue create products (every
// fulfilment type, virtual-currency prices, a key pool) and edit them, through the /v1 product services.
import type { Metadata } from "next";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { CatalogueProductFields } from "@/components/portal/catalogue-product-fields";
import { CatalogueProductItem } from "@/components/portal/catalogue-product-item";
import { CatalogueTabs } from "@/components/portal/catalogue-tabs";
import { environmentOf } from "@/components/portal/env-href";
import { PortalForm } from "@/components/portal/portal-form";
import { PortalFrame } from "@/components/portal/portal-frame";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CATALOGUE_PAGE_SIZE, loadPortalProducts } from "@/lib/portal/load-portal-products";
import { can } from "@/lib/portal/permissions";
import { loadPortalPage, RefusedPage, SignInCard } from "../../_lib/page";
import { createProductAction, updateProductAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Catalogue · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const CataloguePage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  const page = await loadPortalPage(businessId, (ctx) => loadPortalProducts(ctx, { businessId, environment }));
  if (page.kind === "signed-out") return <SignInCard environment={environment} />;
  if (page.kind === "refused") return <RefusedPage page={page} environment={environment} current="catalogue" />;
  const { member, games } = page.value;
  const manage = can(member.permissions, "catalogue:write");
  return (
    <PortalFrame
      email={page.email}
      business={member.business}
      roles={member.roles}
      permissions={member.permissions}
      environment={environment}
      current="catalogue"
    >
      <Card labelledBy="title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="title" className="text-2xl font-semibold tracking-tight text-slate-900">
            Catalogue
          </h1>
          {environment === "test" ? <TestModeBadge /> : <Badge tone="success">Live</Badge>}
        </div>
        <p className="mt-2 text-sm text-slate-700">
          The products of your {environment} games: what players buy by card, wallet or virtual currency, and what happens after they pay.
        </p>
        <div className="mt-4">
          <CatalogueTabs businessId={businessId} environment={environment} current="products" />
        </div>
        {games.length === 0 ? <p className="mt-3 text-sm text-slate-700">No {environment} games yet: create one on the Games page.</p> : null}
      </Card>
      {games.map((g) => (
        <Card key={g.id} labelledBy={`game-${g.id}`}>
          <h2 id={`game-${g.id}`} className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
            {g.name}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {g.totalCount === 1 ? "1 product" : `${g.totalCount} products`}
            {g.totalCount > CATALOGUE_PAGE_SIZE ? ` (the newest ${CATALOGUE_PAGE_SIZE} are shown)` : ""}
          </p>
          {manage ? (
            <details className="group mt-4 rounded-lg p-3 ring-1 ring-slate-200 ring-inset">
              <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm font-semibold text-slate-900 hover:bg-slate-100">
                <span aria-hidden="true" className="inline-block text-slate-600 transition-transform group-open:rotate-90">
                  ▸
                </span>
                New product in {g.name}
              </summary>
              <div className="mt-3">
                <PortalForm
                  action={createProductAction.bind(null, businessId, g.id)}
                  label={`New product in ${g.name}`}
                  submit="Create product"
                  keepValuesOnError
                  pendingLabel="Creating…"
                >
                  <CatalogueProductFields id={`new-${g.id}`} currencies={g.currencies} />
                </PortalForm>
              </div>
            </details>
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
                  edit={manage ? updateProductAction.bind(null, businessId, p._id) : undefined}
                />
              ))}
            </ul>
          )}
        </Card>
      ))}
    </PortalFrame>
  );
};

export default CataloguePage;
