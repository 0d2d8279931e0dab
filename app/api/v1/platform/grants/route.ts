// GET /v1/platform/grants: the grants businesses gave the platform
import { route } from "@/lib/http/route";
import { listGrants } from "@/lib/platform/list-grants";
import { GrantList } from "@/lib/platform/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/grants",
  summary: "List business grants",
  tags: ["Platform"],
  auth: "platform",
  scope: "platform.grant:manage",
  idempotency: "none",
  response: { status: 200, schema: GrantList },
  handler: async ({ ctx }) => listGrants(ctx),
});
