import type { GameContext } from "../core/context.ts";
import { storeImage } from "../uploads/store-image.ts";
import { loadCreatorProduct } from "./load-creator-product.ts";
import { nextUgcStatus } from "./ugc-states.ts";

/** Stores the image and points the creator's product at it. Only while the product can still be edited (draft, declined). */
export const uploadProductImage = async (
  ctx: GameContext,
  { userRef, productId, form }: { userRef: string; productId: string; form: FormData | undefined },
) => {
  const product = await loadCreatorProduct(ctx, { userRef, productId, lock: true });
  nextUgcStatus(product.status, "uploadImage");
  const { url } = await storeImage(form);
  await ctx.db.product.update({ where: { id: productId }, data: { imageUrl: url } });
  return { imageUrl: url };
};
