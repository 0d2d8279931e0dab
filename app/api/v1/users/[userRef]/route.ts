// GET /v1/users/{userRef}: the linked player's email, profile image and subscriptions
import { route } from "@/lib/http/route";
import { getUserInfo, GET_USER_INFO_ERRORS } from "@/lib/users/get-user-info";
import { UserInfo, UserParams } from "@/lib/users/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/users/{userRef}",
  summary: "Get a user's info and subscriptions",
  tags: ["Users"],
  auth: "server",
  idempotency: "none",
  reads: "replica",
  errors: GET_USER_INFO_ERRORS,
  params: UserParams,
  response: { status: 200, schema: UserInfo },
  handler: ({ ctx, params }) => getUserInfo(ctx, { userRef: params.userRef }),
});
