// GET /v1/platform/me: the calling platform, its approved and pending scopes, and the calling key
import { route } from "@/lib/http/route";
import { getPlatform } from "@/lib/platform/get-platform";
import { PlatformResource } from "@/lib/platform/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/me",
  summary: "Get the calling platform and key",
  tags: ["Platform"],
  auth: "platform",
  scope: "platform:read",
  idempotency: "none",
  response: { status: 200, schema: PlatformResource },
  handler: async ({ ctx }) => getPlatform(ctx),
});
