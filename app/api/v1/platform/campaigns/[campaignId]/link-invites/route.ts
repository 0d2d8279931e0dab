// POST /v1/platform/campaigns/{campaignId}/link-invites: create a shareable link invite; GET: list the campaign's invites
import { reply, route } from "@/lib/http/route";
import { createInvite } from "@/lib/invites/create-invite";
import { listInvites } from "@/lib/invites/list-invites";
import { CreateInviteBody, InviteList, LinkInvite, ListInvitesQuery } from "@/lib/invites/schemas";
import { linkScopeOf } from "@/lib/linking/link-scope";
import { PlatformCampaignLinkParams } from "@/lib/linking/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/campaigns/{campaignId}/link-invites",
  summary: "Create a link invite: one URL any number of players can open to link to the campaign",
  description: "The sessions its visitors open send their link webhooks to your platform's endpoint.",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:users:link:static",
  targetBusiness: "campaign",
  idempotency: "optional",
  params: PlatformCampaignLinkParams,
  body: CreateInviteBody,
  response: { status: 201, schema: LinkInvite, description: "The invite; the Location header carries its url.", location: true },
  handler: async ({ ctx, body }) => {
    const invite = await createInvite(ctx, { scope: linkScopeOf(ctx), ...body });
    return reply(invite, { status: 201, headers: { location: invite.url } });
  },
});

export const GET = route({
  method: "GET",
  path: "/v1/platform/campaigns/{campaignId}/link-invites",
  summary: "List the campaign's link invites (also those made with the campaign key), newest first",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:users:link:static",
  targetBusiness: "campaign",
  idempotency: "none",
  params: PlatformCampaignLinkParams,
  query: ListInvitesQuery,
  response: { status: 200, schema: InviteList },
  handler: ({ ctx, query }) => listInvites(ctx, { scope: linkScopeOf(ctx), includeRevoked: query.includeRevoked }),
});
