// GET /v1/users/{userRef}/purchases: the player's purchases in this game, newest first
import { z } from "zod";
import { route } from "@/lib/http/route";
import { PurchaseJson } from "@/lib/purchases/serialize-purchase";
import { listUserPurchases, LIST_USER_PURCHASES_ERRORS } from "@/lib/users/list-user-purchases";
import { UserParams, UserPurchasesQuery } from "@/lib/users/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/users/{userRef}/purchases",
  summary: "List a user's purchases",
  tags: ["Users"],
  auth: "server",
  idempotency: "none",
  errors: LIST_USER_PURCHASES_ERRORS,
  params: UserParams,
  query: UserPurchasesQuery,
  response: { status: 200, schema: z.array(PurchaseJson) },
  handler: ({ ctx, params, query }) => listUserPurchases(ctx, { userRef: params.userRef, ...query }),
});
