import { UpdateProductBody } from "../products/schemas.ts";
import { updateProduct } from "../products/update-product.ts";
import { updateBodyOf, productFormRefusal, type ProductForm } from "./product-form.ts";
import { portalProduct } from "./product-game-context.ts";
import { portalCommand } from "./portal-command.ts";
import type { PortalContext } from "./require-portal-access.ts";

/**
 * The edit-product form: PATCH /v1/product/{productId}'s schema and service with the whole form as the body
 * (keys, when given, are added to the pool); audited with the names of the fields sent, never a key.
 */
const command = portalCommand({
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

/** The command, its refusals in the form's words (productFormRefusal): the price in dollars, each message under its field. */
export const updatePortalProduct = (ctx: PortalContext, params: Parameters<typeof command>[1]) =>
  command(ctx, params).catch((err: unknown) => {
    throw productFormRefusal(err, params.form);
  });
