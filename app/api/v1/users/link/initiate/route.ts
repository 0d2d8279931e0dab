// POST|GET /v1/users/link/initiate: start linking a player to the key's game
import { reply, route } from "@/lib/http/route";
import { initiateLinkSession, type InitiatedLinkSession, INITIATE_LINK_SESSION_ERRORS } from "@/lib/linking/initiate-link-session";
import { linkScopeOf } from "@/lib/linking/link-scope";
import { useTestClock, USE_TEST_CLOCK_ERRORS } from "@/lib/test-clocks/use-test-clock";
import { InitiateLinkBody, LinkSessionInitiated } from "@/lib/linking/schemas";

// A new session is 201 with Location; the pending session of the same email or Idempotency-Key is 200.
const answer = ({ session, url, created }: InitiatedLinkSession) =>
  reply({ url, sessionKey: session.sessionKey }, created ? { status: 201, headers: { location: url } } : { status: 200, replayed: true });

const common = {
  path: "/v1/users/link/initiate",
  tags: ["Account linking"],
  auth: "server" as const,
  // idempotent by email or Idempotency-Key in the service: a repeat returns the existing session with 200
  idempotency: "none" as const,
  serviceIdempotencyKey: true,
  errors: INITIATE_LINK_SESSION_ERRORS,
  response: {
    status: 201,
    schema: LinkSessionInitiated,
    description: "New session (200 when the pending session of the same email or key is returned)",
    location: true,
    alternate: { status: 200, description: "The pending session of the same email or Idempotency-Key" },
  },
};

export const POST = route({
  ...common,
  method: "POST",
  summary: "Start a game-level link session, optionally pre-filling the player's email",
  body: InitiateLinkBody,
  errors: [...INITIATE_LINK_SESSION_ERRORS, ...USE_TEST_CLOCK_ERRORS],
  handler: async ({ ctx, body }) => {
    // a session on a test clock counts its 24 hours from the clock's time (docs/decisions/test-clocks.md)
    const time = await useTestClock(ctx, body.testClock);
    const input = { scope: linkScopeOf(ctx), email: body.email, idempotencyKey: ctx.idempotencyKey, now: time.now, testClockId: time.testClockId };
    return answer(await initiateLinkSession(ctx, input));
  },
});

export const GET = route({
  ...common,
  method: "GET",
  summary: "Start a game-level link session; the player signs in or signs up in the hosted flow",
  handler: async ({ ctx }) => answer(await initiateLinkSession(ctx, { scope: linkScopeOf(ctx), idempotencyKey: ctx.idempotencyKey })),
});
