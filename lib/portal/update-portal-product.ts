import { recordAudit } from "../audit/record-audit.ts";
import { inTransaction } from "../db/transaction.ts";
import { UpdateProductBody } from "../products/schemas.ts";
import { updateProduct } from "../products/update-product.ts";
import { updateBodyOf, type ProductForm } from "./product-form.ts";
import { memberActor, portalProduct } from "./product-game-context.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

/**
 * The edit-product form: PATCH /v1/product/{productId}'s schema and service with the whole form as the body
 * (keys, when given, are added to the pool); audited with the names of the fields sent, never a key.
 */
export const updatePortalProduct = async (ctx: PortalContext, input: { businessId: string; productId: string; form: ProductForm }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "catalogue:write" });
  const { game, gctx } = await portalProduct(ctx, member, input);
  const body = parseOrThrow(UpdateProductBody, updateBodyOf(input.form), "body");
  return inTransaction(ctx.db, async (tx) => {
    const product = await updateProduct({ ...gctx, db: tx }, { productId: input.productId, body });
    await recordAudit(
      { db: tx },
      {
        businessId: game.businessId,
        environment: game.environment,
        actor: memberActor(member),
        action: "product.updated",
        objectType: "product",
        objectId: product._id,
        requestId: gctx.requestId,
        details: {
          gameId: game.id,
          fields: Object.keys(body).filter((k) => k !== "keys" && body[k as keyof typeof body] !== undefined),
          keysAdded: body.keys?.length ?? 0,
        },
      },
    );
    return product;
  });
};
