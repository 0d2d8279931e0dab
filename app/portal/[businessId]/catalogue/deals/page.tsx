// /portal/{businessId}/catalogue/deals: the deals of each game of the selected environment, per item, with
// the deal price beside the regular one. Roles that may change the catalogue create deals (USD or one
// virtual currency, a code unique per item), edit them, and activate or deactivate them.
import type { Metadata } from "next";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { units, usd } from "@/components/portal/catalogue-fields";
import { CatalogueTabs } from "@/components/portal/catalogue-tabs";
import { DealFields, DealItemField } from "@/components/portal/deal-fields";
import { DealItemRow } from "@/components/portal/deal-item";
import { environmentOf } from "@/components/portal/env-href";
import { PortalForm } from "@/components/portal/portal-form";
import { PortalFrame } from "@/components/portal/portal-frame";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { loadPortalDeals, type DealItem } from "@/lib/portal/load-portal-deals";
import { can } from "@/lib/portal/permissions";
import { loadPortalPage, RefusedPage, SignInCard } from "../../../_lib/page";
import { createDealAction, setDealStatusAction, updateDealAction } from "../actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Deals · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const priceOf = (i: DealItem) =>
  [...(i.priceCents === null ? [] : [usd(i.priceCents)]), ...i.vcPrices.map((v) => units(v.amount, v.code))].join(", ") || "no price";

const DealsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  const page = await loadPortalPage(businessId, (ctx) => loadPortalDeals(ctx, { businessId, environment }));
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
            Deals
          </h1>
          {environment === "test" ? <TestModeBadge /> : <Badge tone="success">Live</Badge>}
        </div>
        <p className="mt-2 text-sm text-slate-700">
          A deal gives one item a lower price under a code, in USD or in one virtual currency. Players use the code at checkout, in wallet and in
          virtual-currency purchases; the price is fixed when the purchase starts.
        </p>
        <div className="mt-4">
          <CatalogueTabs businessId={businessId} environment={environment} current="deals" />
        </div>
        {games.length === 0 ? <p className="mt-3 text-sm text-slate-700">No {environment} games yet: create one on the Games page.</p> : null}
      </Card>
      {games.map((g) => (
        <Card key={g.id} labelledBy={`game-${g.id}`}>
          <h2 id={`game-${g.id}`} className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">
            {g.name}
          </h2>
          {manage && g.items.length ? (
            <details className="group mt-4 rounded-lg p-3 ring-1 ring-slate-200 ring-inset">
              <summary className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm font-semibold text-slate-900 hover:bg-slate-100">
                <span aria-hidden="true" className="inline-block text-slate-600 transition-transform group-open:rotate-90">
                  ▸
                </span>
                New deal in {g.name}
              </summary>
              <div className="mt-3">
                <PortalForm
                  action={createDealAction.bind(null, businessId, g.id)}
                  label={`New deal in ${g.name}`}
                  submit="Create deal"
                  keepValuesOnError
                  pendingLabel="Creating…"
                >
                  <DealItemField id={`new-deal-${g.id}`} items={g.items} priceOf={priceOf} />
                  <DealFields id={`new-deal-${g.id}`} currencies={g.currencies} />
                </PortalForm>
              </div>
            </details>
          ) : null}
          {g.items.length === 0 ? <p className="mt-4 text-sm text-slate-700">No products yet: deals are made on a product.</p> : null}
          {g.deals.length === 0 ? (
            <p className="mt-4 text-sm text-slate-700">No deals yet.</p>
          ) : (
            <ul className="mt-4 space-y-3" aria-label={`Deals of ${g.name}`}>
              {g.deals.map((d) => (
                <DealItemRow
                  key={d._id}
                  deal={d}
                  item={g.items.find((i) => i.id === d.itemId)}
                  currencies={g.currencies}
                  toggle={manage ? setDealStatusAction.bind(null, businessId, d._id) : undefined}
                  edit={manage ? updateDealAction.bind(null, businessId, d._id) : undefined}
                />
              ))}
            </ul>
          )}
        </Card>
      ))}
    </PortalFrame>
  );
};

export default DealsPage;
