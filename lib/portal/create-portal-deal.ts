import { recordAudit } from "../audit/record-audit.ts";
import { inTransaction } from "../db/transaction.ts";
import { createDeal } from "../deals/create-deal.ts";
import { CreateDealBody } from "../deals/schemas.ts";
import { createDealBodyOf, type DealForm } from "./deal-form.ts";
import { memberActor, portalGame } from "./product-game-context.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

/** The new-deal form: the deal rules of createDeal (the service behind POST /v1/test-helpers/deals) on an item of a game of the business; audited. */
export const createPortalDeal = async (ctx: PortalContext, input: { businessId: string; gameId: string; itemId: string; form: DealForm }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "catalogue:write" });
  const { game, gctx } = await portalGame(ctx, member, input);
  const body = parseOrThrow(CreateDealBody, createDealBodyOf(input.itemId, input.form), "body");
  return inTransaction(ctx.db, async (tx) => {
    const deal = await createDeal({ ...gctx, db: tx }, body);
    await recordAudit(
      { db: tx },
      {
        businessId: game.businessId,
        environment: game.environment,
        actor: memberActor(member),
        action: "deal.created",
        objectType: "deal",
        objectId: deal._id,
        requestId: gctx.requestId,
        details: { gameId: game.id, itemId: deal.itemId, code: deal.code, currencyId: deal.currencyId, overridePrice: deal.overridePrice, status: deal.status },
      },
    );
    return deal;
  });
};
