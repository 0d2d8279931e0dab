// GET /v1/game: the game of the calling server key
import { route } from "@/lib/http/route";
import { Game } from "@/lib/games/schemas";
import { getGame, GET_GAME_ERRORS } from "@/lib/games/get-game";

export const GET = route({
  method: "GET",
  path: "/v1/game",
  summary: "Get the game of this server key",
  tags: ["Game"],
  auth: "server",
  idempotency: "none",
  reads: "replica",
  errors: GET_GAME_ERRORS,
  response: { status: 200, schema: Game },
  handler: ({ ctx }) => getGame(ctx),
});
