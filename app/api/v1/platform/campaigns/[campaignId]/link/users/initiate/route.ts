// POST /v1/platform/campaigns/{campaignId}/link/users/initiate: start linking a player to a campaign of a granted business
import { reply, route } from "@/lib/http/route";
import { initiateLinkSession, INITIATE_LINK_SESSION_ERRORS } from "@/lib/linking/initiate-link-session";
import { linkScopeOf } from "@/lib/linking/link-scope";
import { useTestClock, USE_TEST_CLOCK_ERRORS } from "@/lib/test-clocks/use-test-clock";
import { InitiateLinkBody, LinkSessionInitiated, PlatformCampaignLinkParams } from "@/lib/linking/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/campaigns/{campaignId}/link/users/initiate",
  summary: "Start a campaign link session (201 new; 200 for the pending session of the same email or Idempotency-Key)",
  description:
    "The session links the player to the campaign itself: the pvu_ userRef is the one the campaign key sees. The link webhooks (User.Account.Link.*) go to your platform's endpoint.",
  tags: ["Platform campaigns"],
  auth: "platform",
  scope: "campaign:users:link:create",
  targetBusiness: "campaign",
  // idempotent by email or Idempotency-Key in the service: a repeat returns the pending session with 200
  idempotency: "none",
  serviceIdempotencyKey: true,
  errors: [...INITIATE_LINK_SESSION_ERRORS, ...USE_TEST_CLOCK_ERRORS],
  params: PlatformCampaignLinkParams,
  body: InitiateLinkBody,
  response: {
    status: 201,
    schema: LinkSessionInitiated,
    description: "New session; the Location header is its url",
    location: true,
    alternate: { status: 200, description: "The pending session of the same email or Idempotency-Key" },
  },
  handler: async ({ ctx, body }) => {
    const time = await useTestClock(ctx, body.testClock);
    const { session, url, created } = await initiateLinkSession(ctx, {
      scope: linkScopeOf(ctx),
      email: body.email,
      idempotencyKey: ctx.idempotencyKey,
      now: time.now,
      testClockId: time.testClockId,
    });
    return reply({ url, sessionKey: session.sessionKey }, created ? { status: 201, headers: { location: url } } : { status: 200, replayed: true });
  },
});
