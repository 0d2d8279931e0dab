import { recordAudit } from "../audit/record-audit.ts";
import { inTransaction } from "../db/transaction.ts";
import { createProduct } from "../products/create-product.ts";
import { CreateProductBody } from "../products/schemas.ts";
import { createBodyOf, type ProductForm } from "./product-form.ts";
import { memberActor, portalGame } from "./product-game-context.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

/** The new-product form: POST /v1/product's body, schema and service, for a game of the business; audited. */
export const createPortalProduct = async (ctx: PortalContext, input: { businessId: string; gameId: string; form: ProductForm }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "catalogue:write" });
  const { game, gctx } = await portalGame(ctx, member, input);
  const body = parseOrThrow(CreateProductBody, createBodyOf(input.form), "body");
  return inTransaction(ctx.db, async (tx) => {
    const product = await createProduct({ ...gctx, db: tx }, { body });
    await recordAudit(
      { db: tx },
      {
        businessId: game.businessId,
        environment: game.environment,
        actor: memberActor(member),
        action: "product.created",
        objectType: "product",
        objectId: product._id,
        requestId: gctx.requestId,
        details: { gameId: game.id, name: product.name, type: product.type, fulfillmentType: product.fulfillmentType, keysAdded: body.keys?.length ?? 0 },
      },
    );
    return product;
  });
};
