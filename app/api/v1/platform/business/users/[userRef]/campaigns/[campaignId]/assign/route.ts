// POST /v1/platform/business/users/{userRef}/campaigns/{campaignId}/assign: link a business-linked player to a campaign
import { reply, route } from "@/lib/http/route";
import { assignBusinessUserToCampaign, ASSIGN_BUSINESS_USER_TO_CAMPAIGN_ERRORS } from "@/lib/flows/assign-business-user-to-campaign";
import { AssignParams, CampaignAssignment } from "@/lib/business-users/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/business/users/{userRef}/campaigns/{campaignId}/assign",
  summary: "Assign a business-linked player to a campaign of the business (201 new; 200 already assigned)",
  description: "Creates and approves the campaign's link session for the player (their approval of the business covers its campaigns).",
  tags: ["Business users"],
  auth: "platform",
  // It writes (creates and approves a campaign link session): the spec row names the read scope, but the
  // write scope of business linking is what it needs (docs/decisions/platform.md).
  scope: "business:users:link:create",
  targetBusiness: true,
  idempotency: "required",
  errors: ASSIGN_BUSINESS_USER_TO_CAMPAIGN_ERRORS,
  params: AssignParams,
  response: {
    status: 201,
    schema: CampaignAssignment,
    description: "The player was assigned by this call",
    alternate: { status: 200, description: "The player was already assigned to the campaign" },
  },
  handler: async ({ ctx, params }) => {
    const { created, assignment } = await assignBusinessUserToCampaign(ctx, params);
    return reply(assignment, { status: created ? 201 : 200, replayed: !created });
  },
});
