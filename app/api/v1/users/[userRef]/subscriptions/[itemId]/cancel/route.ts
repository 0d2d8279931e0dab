// POST /v1/users/{userRef}/subscriptions/{itemId}/cancel: Active → Canceled, dispatches Subscription.Canceled
import { route } from "@/lib/http/route";
import { cancelUserSubscription, CANCEL_USER_SUBSCRIPTION_ERRORS } from "@/lib/subscriptions/cancel-user-subscription";
import { CancelResult, UserItemParams } from "@/lib/users/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/users/{userRef}/subscriptions/{itemId}/cancel",
  summary: "Cancel a user's subscription",
  tags: ["Users"],
  auth: "server",
  idempotency: "required",
  errors: CANCEL_USER_SUBSCRIPTION_ERRORS,
  params: UserItemParams,
  response: { status: 200, schema: CancelResult },
  handler: ({ ctx, params }) => cancelUserSubscription(ctx, params),
});
