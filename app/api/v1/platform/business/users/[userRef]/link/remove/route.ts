// POST /v1/platform/business/users/{userRef}/link/remove: unlink a player from the business
import { route } from "@/lib/http/route";
import { removeBusinessLink, REMOVE_BUSINESS_LINK_ERRORS } from "@/lib/business-users/remove-business-link";
import { BusinessUserParams, LinkRemoved } from "@/lib/business-users/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/business/users/{userRef}/link/remove",
  summary: "Unlink a player from the business (User.Account.Link.Removed; 404 LINK_NOT_FOUND when already removed)",
  tags: ["Business users"],
  auth: "platform",
  scope: "business:users:link:remove",
  targetBusiness: true,
  idempotency: "none",
  errors: REMOVE_BUSINESS_LINK_ERRORS,
  params: BusinessUserParams,
  response: { status: 200, schema: LinkRemoved },
  handler: async ({ ctx, params }) => removeBusinessLink(ctx, params),
});
