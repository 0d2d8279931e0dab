// GET /v1/platform/business/users: the players linked to the target business
import { route } from "@/lib/http/route";
import { listBusinessUsers, LIST_BUSINESS_USERS_ERRORS } from "@/lib/business-users/list-business-users";
import { BusinessUserList, BusinessUsersQuery } from "@/lib/business-users/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/business/users",
  summary: "List the business-linked users, most recently linked first (search matches email or name, case-insensitively)",
  tags: ["Business users"],
  auth: "platform",
  scope: "business:users:link:read",
  targetBusiness: true,
  idempotency: "none",
  errors: LIST_BUSINESS_USERS_ERRORS,
  query: BusinessUsersQuery,
  response: { status: 200, schema: BusinessUserList },
  handler: async ({ ctx, query }) => listBusinessUsers(ctx, query),
});
