import { createDeal } from "../deals/create-deal.ts";
import { CreateDealBody } from "../deals/schemas.ts";
import { createDealBodyOf, type DealForm } from "./deal-form.ts";
import { portalGame } from "./product-game-context.ts";
import { portalCommand } from "./portal-command.ts";

/** The new-deal form: the deal rules of createDeal (the service behind POST /v1/test-helpers/deals) on an item of a game of the business; audited. */
export const createPortalDeal = portalCommand({
  permission: "catalogue:write",
  load: (ctx, params: { businessId: string; gameId: string; itemId: string; form: DealForm }, member) => portalGame(ctx, member, params),
  input: CreateDealBody,
  form: ({ itemId, form }) => createDealBodyOf(itemId, form),
  run: (ctx, { input: body, target: { gctx } }) => createDeal({ ...gctx, db: ctx.db }, body),
  audit: (deal, { target: { game, gctx } }) => ({
    businessId: game.businessId,
    environment: game.environment,
    action: "deal.created",
    objectType: "deal",
    objectId: deal._id,
    requestId: gctx.requestId,
    details: { gameId: game.id, itemId: deal.itemId, code: deal.code, currencyId: deal.currencyId, overridePrice: deal.overridePrice, status: deal.status },
  }),
});
