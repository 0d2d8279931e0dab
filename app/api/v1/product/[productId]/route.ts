// GET /v1/product/{productId}: one product; PATCH: change any of its fields
import { route } from "@/lib/http/route";
import { loadProduct, LOAD_PRODUCT_ERRORS } from "@/lib/products/load-product";
import { Product, ProductIdParams, UpdateProductBody } from "@/lib/products/schemas";
import { serializeProduct } from "@/lib/products/serialize-product";
import { updateProduct, UPDATE_PRODUCT_ERRORS } from "@/lib/products/update-product";

export const GET = route({
  method: "GET",
  path: "/v1/product/{productId}",
  summary: "Get a product",
  tags: ["Products"],
  auth: "server",
  idempotency: "none",
  errors: LOAD_PRODUCT_ERRORS,
  params: ProductIdParams,
  response: { status: 200, schema: Product },
  handler: async ({ ctx, params }) =>
    serializeProduct(await loadProduct(ctx, { gameId: ctx.scope.gameId, environment: ctx.scope.environment, productId: params.productId })),
});

export const PATCH = route({
  method: "PATCH",
  path: "/v1/product/{productId}",
  summary: "Update a product (virtualCurrencyPrices replaces the set; keys are appended)",
  tags: ["Products"],
  auth: "server",
  idempotency: "optional",
  errors: UPDATE_PRODUCT_ERRORS,
  params: ProductIdParams,
  body: UpdateProductBody,
  response: { status: 200, schema: Product },
  handler: ({ ctx, params, body }) => updateProduct(ctx, { productId: params.productId, body }),
});
