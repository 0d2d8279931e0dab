// GET /v1/products/{userRef}: the products a player created; POST: a player creates a draft product
import { reply, route } from "@/lib/http/route";
import { createUgcProduct, CREATE_UGC_PRODUCT_ERRORS } from "@/lib/products/create-ugc-product";
import { listCreatorProducts, LIST_CREATOR_PRODUCTS_ERRORS } from "@/lib/products/list-creator-products";
import { CreateUgcProductBody, CreatorProductListQuery, Product, ProductList, UserRefParams } from "@/lib/products/schemas";

const tags = ["Products"];

export const GET = route({
  method: "GET",
  path: "/v1/products/{userRef}",
  summary: "List the products created by a player (any status), newest first",
  tags,
  auth: "server",
  idempotency: "none",
  errors: LIST_CREATOR_PRODUCTS_ERRORS,
  params: UserRefParams,
  query: CreatorProductListQuery,
  response: { status: 200, schema: ProductList, description: "{products, pagination}: the UGC products of this creator, any status, newest first." },
  handler: ({ ctx, params, query }) => listCreatorProducts(ctx, { userRef: params.userRef, ...query }),
});

export const POST = route({
  method: "POST",
  path: "/v1/products/{userRef}",
  summary: "Create a user-generated product (draft, invisible, not for sale)",
  tags,
  auth: "server",
  idempotency: "required",
  errors: CREATE_UGC_PRODUCT_ERRORS,
  params: UserRefParams,
  body: CreateUgcProductBody,
  response: { status: 201, schema: Product },
  handler: async ({ ctx, params, body }) => reply(await createUgcProduct(ctx, { userRef: params.userRef, body }), { status: 201 }),
});
