import type { GameContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { serializePurchase } from "../purchases/serialize-purchase.ts";

const load = async (ctx: GameContext, userRef: string, where: { id?: string; productType?: string }, window: { skip: number; take: number }) => {
  const link = await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.scope.gameId }, environment: ctx.scope.environment, userRef });
  const rows = await ctx.db.purchase.findMany({
    where: { gameId: ctx.scope.gameId, environment: ctx.scope.environment, playerId: link.playerId, ...where },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    ...window,
  });
  const products = await ctx.db.product.findMany({
    where: { id: { in: [...new Set(rows.map((r) => r.productId))] } },
    select: { id: true, name: true, type: true, priceCents: true },
  });
  const byId = new Map(products.map((p) => [p.id, p]));
  return rows.map((r) => serializePurchase(r, byId.get(r.productId) ?? { id: r.productId, name: "", type: r.productType, priceCents: null }));
};

/** GET /v1/users/{userRef}/purchases: the player's purchases in this game (every status), newest first. */
export const listUserPurchases = (ctx: GameContext, { userRef, ...q }: { userRef: string; limit: number; offset: number; type?: string }) =>
  load(ctx, userRef, q.type ? { productType: q.type } : {}, { skip: q.offset, take: q.limit });

/** GET /v1/users/{userRef}/purchases/{purchaseId}: one of them (404 PURCHASE_NOT_FOUND otherwise). */
export const getUserPurchase = async (ctx: GameContext, { userRef, purchaseId }: { userRef: string; purchaseId: string }) => {
  const [p] = await load(ctx, userRef, { id: purchaseId }, { skip: 0, take: 1 });
  if (!p) throw notFound(`Purchase ${JSON.stringify(purchaseId)}`, "PURCHASE_NOT_FOUND");
  return p;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const LIST_USER_PURCHASES_ERRORS = ["PURCHASE_NOT_FOUND", ...RESOLVE_USER_REF_ERRORS] as const satisfies readonly ErrorCode[];
