// POST /v1/platform/business/users/link/initiate: start linking a player to the whole business
import { reply, route } from "@/lib/http/route";
import { initiateBusinessLink, INITIATE_BUSINESS_LINK_ERRORS } from "@/lib/business-users/initiate-business-link";
import { InitiateBusinessLinkBody } from "@/lib/business-users/schemas";
import { LinkSessionInitiated } from "@/lib/linking/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/business/users/link/initiate",
  summary: "Start a business-level link session (201 new; 200 for the pending session of the same email or Idempotency-Key)",
  description: "Idempotency-Key is required when no email is sent. The link webhooks go to your platform's endpoint.",
  tags: ["Business users"],
  auth: "platform",
  scope: "business:users:link:create",
  targetBusiness: true,
  // idempotent by email or Idempotency-Key in the service: a repeat returns the pending session with 200
  idempotency: "none",
  serviceIdempotencyKey: true,
  errors: INITIATE_BUSINESS_LINK_ERRORS,
  body: InitiateBusinessLinkBody,
  response: {
    status: 201,
    schema: LinkSessionInitiated,
    description: "New session; the Location header is its url",
    location: true,
    alternate: { status: 200, description: "The pending session of the same email or Idempotency-Key" },
  },
  handler: async ({ ctx, body }) => {
    const { session, url, created } = await initiateBusinessLink(ctx, body);
    return reply({ url, sessionKey: session.sessionKey }, created ? { status: 201, headers: { location: url } } : { status: 200, replayed: true });
  },
});
