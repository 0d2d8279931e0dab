import { recordAudit } from "../audit/record-audit.ts";
import { inTransaction } from "../db/transaction.ts";
import { UpdateDealBody } from "../deals/schemas.ts";
import { serializeDeal } from "../deals/serialize-deal.ts";
import { updateDeal } from "../deals/update-deal.ts";
import { updateDealBodyOf, type DealForm } from "./deal-form.ts";
import { memberActor, portalDeal } from "./product-game-context.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

type Change = { form: DealForm } | { status: "active" | "inactive" };

/**
 * The edit-deal form (the whole deal: code, currency, price, status, metadata) or the activate / deactivate
 * button (the status alone), through updateDeal and the deal rules; audited with what changed.
 */
export const updatePortalDeal = async (ctx: PortalContext, input: { businessId: string; dealId: string } & Change) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "catalogue:write" });
  const { deal: before, game, gctx } = await portalDeal(ctx, member, input);
  const body = parseOrThrow(UpdateDealBody, "form" in input ? updateDealBodyOf(input.form) : { status: input.status }, "body");
  return inTransaction(ctx.db, async (tx) => {
    const old = serializeDeal(before);
    const deal = await updateDeal({ ...gctx, db: tx }, { dealId: input.dealId, body });
    const changed = (["code", "currencyId", "overridePrice", "status", "metadata"] as const).filter((k) => JSON.stringify(old[k]) !== JSON.stringify(deal[k]));
    const action = "form" in input ? "deal.updated" : input.status === "active" ? "deal.activated" : "deal.deactivated";
    await recordAudit(
      { db: tx },
      {
        businessId: game.businessId,
        environment: game.environment,
        actor: memberActor(member),
        action,
        objectType: "deal",
        objectId: deal._id,
        requestId: gctx.requestId,
        details: { gameId: game.id, itemId: deal.itemId, code: deal.code, changed, before: Object.fromEntries(changed.map((k) => [k, old[k]])) },
      },
    );
    return deal;
  });
};
