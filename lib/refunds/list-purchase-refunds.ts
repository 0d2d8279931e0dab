import type { GameContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { serializeRefund, type RefundJson } from "./schemas.ts";

/** The refunds of one of the game's purchases, oldest first (another game's or environment's purchase is 404). */
export const listPurchaseRefunds = async (ctx: GameContext, { purchaseId }: { purchaseId: string }): Promise<{ data: RefundJson[] }> => {
  const p = await ctx.db.purchase.findFirst({ where: { id: purchaseId, gameId: ctx.scope.gameId, environment: ctx.scope.environment }, select: { id: true } });
  if (!p) throw notFound(`Purchase ${JSON.stringify(purchaseId)}`, "PURCHASE_NOT_FOUND");
  const rows = await ctx.db.refund.findMany({
    where: { status: "succeeded", objectType: "purchase", objectId: p.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { data: rows.map(serializeRefund) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const LIST_PURCHASE_REFUNDS_ERRORS = ["PURCHASE_NOT_FOUND"] as const satisfies readonly ErrorCode[];
