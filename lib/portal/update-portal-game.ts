import { GameSettingsBody } from "../games/schemas.ts";
import { updateGameSettings } from "../games/update-game-settings.ts";
import { asGame } from "./helper-contexts.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { portalCommand } from "./portal-command.ts";

export type GameSettingsForm = { storeUrl: string; termsUrl: string; supportUrl: string; taxLabel: string; taxRatePercent: string };

/** A form's text as PATCH /v1/game's body: an empty field clears the setting (null), a rate is a number. */
const bodyOf = (f: GameSettingsForm) => {
  const text = (v: string) => (v.trim() === "" ? null : v);
  const rate = f.taxRatePercent.trim();
  return {
    storeUrl: text(f.storeUrl),
    termsUrl: text(f.termsUrl),
    supportUrl: text(f.supportUrl),
    taxLabel: text(f.taxLabel),
    taxRatePercent: rate === "" ? null : Number.isFinite(Number(rate)) ? Number(rate) : rate,
  };
};

/**
 * The game settings form: the same body, validation and service as PATCH /v1/game, acting as the game
 * (the member's permission is checked first; another business's game is 404).
 */
export const updatePortalGame = portalCommand({
  permission: "games:write",
  load: (ctx, params: { businessId: string; gameId: string } & GameSettingsForm) => findBusinessGame(ctx, params),
  input: GameSettingsBody,
  form: bodyOf,
  run: async ({ db: tx }, { member, input: body, target: game }) => {
    const updated = await updateGameSettings(asGame({ db: tx }, game, member), body);
    return updated;
  },
  audit: (_, { input: body, target: game }) => ({
    businessId: game.businessId,
    environment: game.environment,
    action: "game.settings_updated",
    objectType: "game",
    objectId: game.id,
    details: { fields: Object.keys(body).sort() },
  }),
});
