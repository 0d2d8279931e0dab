import { UpdateProductBody } from "../products/schemas.ts";
import { updateProduct } from "../products/update-product.ts";
import { updateBodyOf, type ProductForm } from "./product-form.ts";
import { portalProduct } from "./product-game-context.ts";
import { portalCommand } from "./portal-command.ts";

/**
 * The edit-product form: PATCH /v1/product/{productId}'s schema and service with the whole form as the body
 * (keys, when given, are added to the pool); audited with the names of the fields sent, never a key.
 */
export const updatePortalProduct = portalCommand({
  permission: "catalogue:write",
  load: (ctx, params: { businessId: string; productId: string; form: ProductForm }, member) => portalProduct(ctx, member, params),
  input: UpdateProductBody,
  form: ({ form }) => updateBodyOf(form),
  run: (ctx, { params, input: body, target: { gctx } }) => updateProduct({ ...gctx, db: ctx.db }, { productId: params.productId, body }),
  audit: (product, { input: body, target: { game, gctx } }) => ({
    businessId: game.businessId,
    environment: game.environment,
    action: "product.updated",
    objectType: "product",
    objectId: product._id,
    requestId: gctx.requestId,
    details: {
      gameId: game.id,
      fields: Object.keys(body).filter((k) => k !== "keys" && body[k as keyof typeof body] !== undefined),
      keysAdded: body.keys?.length ?? 0,
    },
  }),
});
