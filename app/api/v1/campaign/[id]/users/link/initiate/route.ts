// POST /v1/campaign/{id}/users/link/initiate: start linking a player (by email) to the campaign
import { reply, route } from "@/lib/http/route";
import { CampaignInitiateLinkBody, CampaignParams } from "@/lib/campaigns/schemas";
import { initiateLinkSession, INITIATE_LINK_SESSION_ERRORS } from "@/lib/linking/initiate-link-session";
import { linkScopeOf } from "@/lib/linking/link-scope";
import { useTestClock, USE_TEST_CLOCK_ERRORS } from "@/lib/test-clocks/use-test-clock";
import { LinkSessionInitiated } from "@/lib/linking/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/campaign/{id}/users/link/initiate",
  summary: "Start a campaign link session for an email (Idempotency-Key required; a repeat returns the pending session with 200)",
  tags: ["Campaign"],
  auth: "campaign",
  // The key is required but the service, not the kernel, honours it: a repeat with the same key or
  // email answers 200 with the pending session (the spec's state table), not a stored 201.
  idempotency: "service",
  errors: [...INITIATE_LINK_SESSION_ERRORS, ...USE_TEST_CLOCK_ERRORS],
  successEnvelope: true,
  params: CampaignParams,
  body: CampaignInitiateLinkBody,
  response: {
    status: 201,
    schema: LinkSessionInitiated,
    description: "New session, Location = url (200 for the pending session of the same email or key)",
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
