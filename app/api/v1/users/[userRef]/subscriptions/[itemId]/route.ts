// GET /v1/users/{userRef}/subscriptions/{itemId}: the player's subscription to one item
import { route } from "@/lib/http/route";
import { findUserSubscription, FIND_USER_SUBSCRIPTION_ERRORS } from "@/lib/subscriptions/find-user-subscription";
import { serializeSubscription, SubscriptionJson } from "@/lib/subscriptions/serialize-subscription";
import { UserItemParams } from "@/lib/users/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/users/{userRef}/subscriptions/{itemId}",
  summary: "Get a user's subscription to an item",
  tags: ["Users"],
  auth: "server",
  idempotency: "none",
  errors: FIND_USER_SUBSCRIPTION_ERRORS,
  params: UserItemParams,
  response: { status: 200, schema: SubscriptionJson },
  handler: async ({ ctx, params }) => serializeSubscription(await findUserSubscription(ctx, params)),
});
