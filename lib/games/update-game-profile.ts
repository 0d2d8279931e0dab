import { z } from "zod";
import type { GameContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { httpsUrl, type Game } from "./schemas.ts";
import { serializeGame } from "./serialize-game.ts";

/** At most this many screenshots and movies (URLs) per game. */
export const MAX_SCREENSHOTS = 12;
export const MAX_MOVIES = 6;

/** One URL of a list: https only, no null. */
const listUrl = (what: string) => httpsUrl(what, { secure: true }).unwrap().unwrap();

/**
 * affiliateRate is what planPayouts (lib/wallet/plan-payouts.ts) pays a referring player: a fraction of the
 * amount after the platform fee, turned into basis points (affiliateRateToBps). So 0 to 1, at most 4 decimals.
 */
const AffiliateRate = z
  .number({ error: "must be a number" })
  .min(0, { error: "must be 0 or more (0 %)" })
  .max(1, { error: "must be at most 1 (100 %)" })
  .refine((n) => Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6, { error: "must be a whole number of basis points (at most 2 decimals in percent)" });

/**
 * The game's store profile: the fields of GET /v1/game's Game that no /v1 route writes. A field left out is
 * unchanged; null clears a text or URL field (stored as "", as GET /v1/game shows an unset one).
 */
export const GameProfileBody = z.strictObject({
  name: z.string().trim().min(1, { error: "must not be empty" }).max(200, { error: "must be at most 200 characters" }).optional(),
  description: z.string().trim().max(2000, { error: "must be at most 2000 characters" }).nullable().optional(),
  imageUrl: httpsUrl("The game's main image", { secure: true }),
  smallImageUrl: httpsUrl("A small (icon) image of the game", { secure: true }),
  storeImageUrl: httpsUrl("The game's image in stores", { secure: true }),
  demoUrl: httpsUrl("Where to play a demo", { secure: true }),
  demoImageUrl: httpsUrl("The demo's image", { secure: true }),
  discordUrl: httpsUrl("The game's Discord invite", { secure: true }),
  steamAppId: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, { error: "must be a Steam app id: digits only, at most 10" })
    .nullable()
    .optional(),
  screenshots: z
    .array(listUrl("A screenshot"))
    .max(MAX_SCREENSHOTS, { error: `must list at most ${MAX_SCREENSHOTS} URLs` })
    .optional(),
  movies: z
    .array(listUrl("A movie"))
    .max(MAX_MOVIES, { error: `must list at most ${MAX_MOVIES} URLs` })
    .optional(),
  hideSuccessPageShareButtons: z.boolean().optional(),
  affiliateRate: AffiliateRate.optional(),
  isVisible: z.boolean().optional(),
});
export type GameProfileBody = z.output<typeof GameProfileBody>;

const PROFILE_FIELDS = Object.keys(GameProfileBody.shape) as (keyof GameProfileBody)[];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Saves the game's store profile (the context's game, in its environment), `body` already checked with
 * GameProfileBody (by its caller, as a route would). Answers the game as GET /v1/game shows it and the names
 * of the fields whose value changed (none: nothing is written).
 */
export const updateGameProfile = async (ctx: GameContext, body: GameProfileBody): Promise<{ game: Game; changed: string[] }> => {
  const before = await ctx.db.game.findFirst({ where: { id: ctx.scope.gameId, environment: ctx.scope.environment } });
  if (!before) throw notFound("Game");
  const text = (v: string | null | undefined) => (v === null ? "" : v);
  const data = {
    name: body.name,
    description: text(body.description),
    imageUrl: text(body.imageUrl),
    smallImageUrl: text(body.smallImageUrl),
    storeImageUrl: text(body.storeImageUrl),
    demoUrl: text(body.demoUrl),
    demoImageUrl: text(body.demoImageUrl),
    discordUrl: text(body.discordUrl),
    steamAppId: text(body.steamAppId),
    screenshots: body.screenshots,
    movies: body.movies,
    hideSuccessPageShareButtons: body.hideSuccessPageShareButtons,
    affiliateRate: body.affiliateRate === undefined ? undefined : Math.round(body.affiliateRate * 10_000) / 10_000,
    isVisible: body.isVisible,
  };
  const changed = PROFILE_FIELDS.filter((f) => data[f] !== undefined && !same(data[f], before[f]));
  const updated = changed.length ? await ctx.db.game.update({ where: { id: before.id }, data: Object.fromEntries(changed.map((f) => [f, data[f]])) }) : before;
  return { game: serializeGame(updated), changed };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const UPDATE_GAME_PROFILE_ERRORS = ["NOT_FOUND"] as const satisfies readonly ErrorCode[];
