import { UpdateDealBody } from "../deals/schemas.ts";
import { serializeDeal } from "../deals/serialize-deal.ts";
import { updateDeal } from "../deals/update-deal.ts";
import { updateDealBodyOf, type DealForm } from "./deal-form.ts";
import { portalDeal } from "./product-game-context.ts";
import { portalCommand } from "./portal-command.ts";

type Change = { form: DealForm } | { status: "active" | "inactive" };

const FIELDS = ["code", "currencyId", "overridePrice", "status", "metadata"] as const;

/**
 * The edit-deal form (the whole deal: code, currency, price, status, metadata) or the activate / deactivate
 * button (the status alone), through updateDeal and the deal rules; audited with what changed.
 */
export const updatePortalDeal = portalCommand({
  permission: "catalogue:write",
  load: (ctx, params: { businessId: string; dealId: string } & Change, member) => portalDeal(ctx, member, params),
  input: UpdateDealBody,
  form: (params) => ("form" in params ? updateDealBodyOf(params.form) : { status: params.status }),
  run: (ctx, { params, input: body, target: { gctx } }) => updateDeal({ ...gctx, db: ctx.db }, { dealId: params.dealId, body }),
  audit: (deal, { params, target: { deal: before, game, gctx } }) => {
    const old = serializeDeal(before);
    const changed = FIELDS.filter((k) => JSON.stringify(old[k]) !== JSON.stringify(deal[k]));
    return {
      businessId: game.businessId,
      environment: game.environment,
      action: "form" in params ? "deal.updated" : params.status === "active" ? "deal.activated" : "deal.deactivated",
      objectType: "deal",
      objectId: deal._id,
      requestId: gctx.requestId,
      details: { gameId: game.id, itemId: deal.itemId, code: deal.code, changed, before: Object.fromEntries(changed.map((k) => [k, old[k]])) },
    };
  },
});
