// PATCH /v1/game/settings: the game's settings the hosted checkout shows (not in the spec; the spec's
// GET /v1/game stays read-only: docs/decisions/hosted-pages.md)
import { route } from "@/lib/http/route";
import { Game, GameSettingsBody } from "@/lib/games/schemas";
import { updateGameSettings, UPDATE_GAME_SETTINGS_ERRORS } from "@/lib/games/update-game-settings";

export const PATCH = route({
  method: "PATCH",
  path: "/v1/game/settings",
  summary: "Update the game's checkout settings (store, terms and support links; included sales tax)",
  description:
    'Sets what the hosted checkout shows for this game: storeUrl (the back and cancel links, and "Return to game" after paying a grant), termsUrl and supportUrl (linked at the foot of every checkout page), and taxLabel with taxRatePercent (a tax included in the USD prices, shown as a line of the total), and refundClawback (an addition: whether a refund takes back what the purchase delivered). A field left out is unchanged; null clears it.',
  tags: ["Game"],
  auth: "server",
  idempotency: "optional",
  errors: UPDATE_GAME_SETTINGS_ERRORS,
  body: GameSettingsBody,
  response: { status: 200, schema: Game },
  handler: ({ ctx, body }) => updateGameSettings(ctx, body),
});
