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

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_CREATOR_PRODUCT_ERRORS } from "./load-creator-product.ts";
import { UGC_STATES_ERRORS } from "./ugc-states.ts";
import { STORE_IMAGE_ERRORS } from "../uploads/store-image.ts";
export const UPLOAD_PRODUCT_IMAGE_ERRORS = [
  ...LOAD_CREATOR_PRODUCT_ERRORS,
  ...UGC_STATES_ERRORS,
  ...STORE_IMAGE_ERRORS,
] as const satisfies readonly ErrorCode[];
