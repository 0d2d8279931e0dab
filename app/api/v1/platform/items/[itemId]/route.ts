// GET|PATCH|DELETE /v1/platform/items/{itemId}: one item of the business
import { route } from "@/lib/http/route";
import { archiveItem, ARCHIVE_ITEM_ERRORS } from "@/lib/items/archive-item";
import { getItem, GET_ITEM_ERRORS } from "@/lib/items/get-item";
import { updateItem, UPDATE_ITEM_ERRORS } from "@/lib/items/update-item";
import { Item, ItemParams, UpdateItemBody } from "@/lib/items/schemas";

const common = { tags: ["Items"], auth: "platform" as const, targetBusiness: true as const, path: "/v1/platform/items/{itemId}", params: ItemParams };

export const GET = route({
  ...common,
  method: "GET",
  summary: "Get an item of the business",
  scope: "item:read",
  idempotency: "none",
  errors: GET_ITEM_ERRORS,
  response: { status: 200, schema: Item },
  handler: async ({ ctx, params }) => getItem(ctx, params),
});

export const PATCH = route({
  ...common,
  method: "PATCH",
  summary: "Change an item: only the fields sent change (409 once archived)",
  scope: "item:update",
  idempotency: "required",
  errors: UPDATE_ITEM_ERRORS,
  body: UpdateItemBody,
  response: { status: 200, schema: Item },
  handler: async ({ ctx, params, body }) => updateItem(ctx, { itemId: params.itemId, body }),
});

export const DELETE = route({
  ...common,
  method: "DELETE",
  summary: "Archive an item: no longer for sale nor listed; answers the archived item",
  scope: "item:update",
  idempotency: "none",
  errors: ARCHIVE_ITEM_ERRORS,
  response: { status: 200, schema: Item },
  handler: async ({ ctx, params }) => archiveItem(ctx, params),
});
