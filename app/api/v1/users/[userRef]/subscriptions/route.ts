// GET /v1/users/{userRef}/subscriptions: the player's subscriptions, Active first
import { route } from "@/lib/http/route";
import { listUserSubscriptions, LIST_USER_SUBSCRIPTIONS_ERRORS } from "@/lib/subscriptions/list-user-subscriptions";
import { Subscriptions, UserParams } from "@/lib/users/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/users/{userRef}/subscriptions",
  summary: "List a user's subscriptions",
  tags: ["Users"],
  auth: "server",
  idempotency: "none",
  errors: LIST_USER_SUBSCRIPTIONS_ERRORS,
  params: UserParams,
  response: { status: 200, schema: Subscriptions },
  handler: async ({ ctx, params }) => ({ subscriptions: await listUserSubscriptions(ctx, { userRef: params.userRef }) }),
});
