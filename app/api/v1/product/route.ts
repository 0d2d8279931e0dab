// POST /v1/product: create a product of the game (USD and/or virtual-currency prices)
import { reply, route } from "@/lib/http/route";
import { createProduct, CREATE_PRODUCT_ERRORS } from "@/lib/products/create-product";
import { CreateProductBody, Product } from "@/lib/products/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/product",
  summary: "Create a product",
  tags: ["Products"],
  auth: "server",
  idempotency: "required",
  errors: CREATE_PRODUCT_ERRORS,
  body: CreateProductBody,
  response: { status: 201, schema: Product },
  handler: async ({ ctx, body }) => reply(await createProduct(ctx, { body }), { status: 201 }),
});
