// POST /v1/platform/items: create an item in a game of the business
// GET /v1/platform/items: the business's platform items, newest first
import { reply, route } from "@/lib/http/route";
import { createItem, CREATE_ITEM_ERRORS } from "@/lib/items/create-item";
import { listItems, LIST_ITEMS_ERRORS } from "@/lib/items/list-items";
import { CreateItemBody, Item, ItemList, ItemListQuery } from "@/lib/items/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/items",
  summary: "Create an item in a game of the business (never visible to players)",
  tags: ["Items"],
  auth: "platform",
  scope: "item:create",
  targetBusiness: true,
  idempotency: "required",
  errors: CREATE_ITEM_ERRORS,
  body: CreateItemBody,
  response: { status: 201, schema: Item },
  handler: async ({ ctx, body }) => reply(await createItem(ctx, body), { status: 201 }),
});

export const GET = route({
  method: "GET",
  path: "/v1/platform/items",
  summary: "List the business's items, newest first (archived ones with status=archived)",
  tags: ["Items"],
  auth: "platform",
  scope: "item:read",
  targetBusiness: true,
  idempotency: "none",
  errors: LIST_ITEMS_ERRORS,
  query: ItemListQuery,
  response: { status: 200, schema: ItemList },
  handler: async ({ ctx, query }) => listItems(ctx, query),
});
