import { GameProfileBody, updateGameProfile } from "../games/update-game-profile.ts";
import { asGame } from "./helper-contexts.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { portalCommand } from "./portal-command.ts";

/** The store profile form as text: lists one URL a line, the affiliate share in percent, checkboxes as booleans. */
export type GameProfileForm = {
  name: string;
  description: string;
  imageUrl: string;
  smallImageUrl: string;
  storeImageUrl: string;
  demoUrl: string;
  demoImageUrl: string;
  discordUrl: string;
  steamAppId: string;
  screenshots: string;
  movies: string;
  affiliateRatePercent: string;
  hideSuccessPageShareButtons: boolean;
  isVisible: boolean;
};

const linesOf = (v: string) =>
  v
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** A form's text as the profile body: an empty field clears it (null), a percent becomes the stored fraction. */
export const profileBodyOf = (f: GameProfileForm) => {
  const text = (v: string) => (v.trim() === "" ? null : v);
  const percent = f.affiliateRatePercent.trim();
  const rate = percent === "" ? 0 : Number(percent);
  return {
    name: f.name,
    description: text(f.description),
    imageUrl: text(f.imageUrl),
    smallImageUrl: text(f.smallImageUrl),
    storeImageUrl: text(f.storeImageUrl),
    demoUrl: text(f.demoUrl),
    demoImageUrl: text(f.demoImageUrl),
    discordUrl: text(f.discordUrl),
    steamAppId: text(f.steamAppId),
    screenshots: linesOf(f.screenshots),
    movies: linesOf(f.movies),
    hideSuccessPageShareButtons: f.hideSuccessPageShareButtons,
    // the service names the field affiliateRate; a text that is no number is passed on for it to refuse
    affiliateRate: Number.isFinite(rate) ? rate / 100 : percent,
    isVisible: f.isVisible,
  };
};

/**
 * The store profile form: the member's permission first (another business's game is 404), then the game's
 * profile schema (400 VALIDATION_ERROR naming each field), then the game's profile service acting as the game
 * and an audit entry naming the changed fields, in one transaction.
 */
export const updatePortalGameProfile = portalCommand({
  permission: "games:write",
  load: (ctx, params: { businessId: string; gameId: string } & GameProfileForm) => findBusinessGame(ctx, params),
  input: GameProfileBody,
  form: profileBodyOf,
  run: async ({ db: tx }, { member, input: body, target: game }) => {
    const out = await updateGameProfile(asGame({ db: tx }, game, member), body);
    return out;
  },
  // nothing changed: nothing to audit
  audit: (out, { target: game }) =>
    out.changed.length
      ? {
          businessId: game.businessId,
          environment: game.environment,
          action: "game.profile_updated",
          objectType: "game",
          objectId: game.id,
          details: { fields: out.changed },
        }
      : null,
});
