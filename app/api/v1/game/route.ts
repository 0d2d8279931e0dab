// GET /v1/game: the game of the calling server key
import { route } from "@/lib/http/route";
import { Game } from "@/lib/games/schemas";
import { getGame } from "@/lib/games/get-game";

export const GET = route({
  method: "GET",
  path: "/v1/game",
  summary: "Get the game of this server key",
  tags: ["Game"],
  auth: "server",
  idempotency: "none",
  errors: ["NOT_FOUND"],
  response: { status: 200, schema: Game },
  handler: ({ ctx }) => getGame(ctx),
});
