// POST /v1/platform/link-sessions: a hosted URL where any business admin can connect their business to the platform
import { reply, route } from "@/lib/http/route";
import { createLinkSession } from "@/lib/platform/create-link-session";
import { CreateLinkSessionBody, PlatformLinkSessionResource } from "@/lib/platform/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/link-sessions",
  summary: "Create a platform link session",
  tags: ["Platform"],
  auth: "platform",
  // The spec does not name the scope: the session asks businesses for a grant, as an invite does.
  scope: "platform.invite:manage",
  idempotency: "optional",
  body: CreateLinkSessionBody,
  response: { status: 201, schema: PlatformLinkSessionResource },
  handler: async ({ ctx, body }) => reply(await createLinkSession(ctx, body), { status: 201 }),
});
