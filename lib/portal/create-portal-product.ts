import { createProduct } from "../products/create-product.ts";
import { CreateProductBody } from "../products/schemas.ts";
import { createBodyOf, productFormRefusal, type ProductForm } from "./product-form.ts";
import { portalGame } from "./product-game-context.ts";
import { portalCommand } from "./portal-command.ts";
import type { PortalContext } from "./require-portal-access.ts";

/** The new-product form: POST /v1/product's body, schema and service, for a game of the business; audited. */
const command = portalCommand({
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

/** The command, its refusals in the form's words (productFormRefusal): the price in dollars, each message under its field. */
export const createPortalProduct = (ctx: PortalContext, params: Parameters<typeof command>[1]) =>
  command(ctx, params).catch((err: unknown) => {
    throw productFormRefusal(err, params.form);
  });
