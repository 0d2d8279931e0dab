import { createProduct } from "../products/create-product.ts";
import { CreateProductBody } from "../products/schemas.ts";
import { createBodyOf, type ProductForm } from "./product-form.ts";
import { portalGame } from "./product-game-context.ts";
import { portalCommand } from "./portal-command.ts";

/** The new-product form: POST /v1/product's body, schema and service, for a game of the business; audited. */
export const createPortalProduct = portalCommand({
  permission: "catalogue:write",
  load: (ctx, params: { businessId: string; gameId: string; form: ProductForm }, member) => portalGame(ctx, member, params),
  input: CreateProductBody,
  form: ({ form }) => createBodyOf(form),
  run: (ctx, { input: body, target: { gctx } }) => createProduct({ ...gctx, db: ctx.db }, { body }),
  audit: (product, { input: body, target: { game, gctx } }) => ({
    businessId: game.businessId,
    environment: game.environment,
    action: "product.created",
    objectType: "product",
    objectId: product._id,
    requestId: gctx.requestId,
    details: { gameId: game.id, name: product.name, type: product.type, fulfillmentType: product.fulfillmentType, keysAdded: body.keys?.length ?? 0 },
  }),
});
