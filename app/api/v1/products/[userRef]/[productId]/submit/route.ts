// POST /v1/products/{userRef}/{productId}/submit: the creator submits a draft for review
import { route } from "@/lib/http/route";
import { Product, UgcProductParams } from "@/lib/products/schemas";
import { submitUgcProduct, SUBMIT_UGC_PRODUCT_ERRORS } from "@/lib/products/submit-ugc-product";

export const POST = route({
  method: "POST",
  path: "/v1/products/{userRef}/{productId}/submit",
  summary: "Submit a user-generated product for review (draft or declined → submitted); returns the product",
  tags: ["Products"],
  auth: "server",
  idempotency: "required",
  errors: SUBMIT_UGC_PRODUCT_ERRORS,
  params: UgcProductParams,
  response: { status: 200, schema: Product, description: "The product, now in status submitted (409 PRODUCT_STATE_CONFLICT unless it was draft or declined)." },
  handler: ({ ctx, params }) => submitUgcProduct(ctx, params),
});
