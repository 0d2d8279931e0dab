// GET /v1/users/link/details: a game-level link session, with userRef once approved
import { route } from "@/lib/http/route";
import { getLinkSessionDetails, GET_LINK_SESSION_DETAILS_ERRORS } from "@/lib/linking/get-link-session-details";
import { linkScopeOf } from "@/lib/linking/link-scope";
import { GameLinkSessionDetails, LinkDetailsQuery } from "@/lib/linking/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/users/link/details",
  summary: "Get a link session of this game (400 without the session query, 404 when unknown)",
  tags: ["Account linking"],
  auth: "server",
  idempotency: "none",
  errors: GET_LINK_SESSION_DETAILS_ERRORS,
  query: LinkDetailsQuery,
  response: { status: 200, schema: GameLinkSessionDetails },
  handler: ({ ctx, query }) => getLinkSessionDetails(ctx, { scope: linkScopeOf(ctx), sessionKey: query.session }),
});
