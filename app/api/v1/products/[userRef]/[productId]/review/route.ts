// POST /v1/products/{userRef}/{productId}/review: the game approves (with overrides) or declines a submitted product
import { route } from "@/lib/http/route";
import { reviewUgcProduct, REVIEW_UGC_PRODUCT_ERRORS } from "@/lib/products/review-ugc-product";
import { Product, ReviewBody, UgcProductParams } from "@/lib/products/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/products/{userRef}/{productId}/review",
  summary: "Review a submitted product: approve → active (visible and for sale unless overridden), decline → declined",
  tags: ["Products"],
  auth: "server",
  idempotency: "required",
  errors: REVIEW_UGC_PRODUCT_ERRORS,
  params: UgcProductParams,
  body: ReviewBody,
  response: {
    status: 200,
    schema: Product,
    description:
      "approve: status active, isVisible and forSale true unless sent, price and virtualCurrencyPrices replaced when sent. decline: status declined, reason kept as reviewNote; the creator may submit again. Only from submitted (409 PRODUCT_STATE_CONFLICT).",
  },
  handler: ({ ctx, params, body }) => reviewUgcProduct(ctx, { ...params, body }),
});
