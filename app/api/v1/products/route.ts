// GET /v1/products: list the game's products; POST: create one; PUT: put a product on or off sale
import { reply, route } from "@/lib/http/route";
import { createProduct, CREATE_PRODUCT_ERRORS } from "@/lib/products/create-product";
import { listProducts } from "@/lib/products/list-products";
import { CreateProductBody, Product, ProductList, ProductListQuery, SetForSaleBody } from "@/lib/products/schemas";
import { updateProduct, UPDATE_PRODUCT_ERRORS } from "@/lib/products/update-product";

const tags = ["Products"];

export const GET = route({
  method: "GET",
  path: "/v1/products",
  summary: "List products (filters: status, type, q, creatorType, creatorUserRef)",
  tags,
  auth: "server",
  idempotency: "none",
  query: ProductListQuery,
  response: { status: 200, schema: ProductList },
  handler: ({ ctx, query }) => listProducts(ctx, query),
});

export const POST = route({
  method: "POST",
  path: "/v1/products",
  summary: "Create a product (same body as POST /v1/product)",
  tags,
  auth: "server",
  idempotency: "required",
  errors: CREATE_PRODUCT_ERRORS,
  body: CreateProductBody,
  response: { status: 201, schema: Product },
  handler: async ({ ctx, body }) => reply(await createProduct(ctx, { body }), { status: 201 }),
});

export const PUT = route({
  method: "PUT",
  path: "/v1/products",
  summary: "Put a product on or off sale",
  tags,
  auth: "server",
  idempotency: "required",
  errors: UPDATE_PRODUCT_ERRORS,
  body: SetForSaleBody,
  response: { status: 200, schema: Product },
  handler: ({ ctx, body }) => updateProduct(ctx, { productId: body.productId, body: { forSale: body.forSale } }),
});
