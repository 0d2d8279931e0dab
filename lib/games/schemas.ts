import { z } from "zod";

export const Game = z
  .object({
    gameId: z.string(),
    name: z.string(),
    description: z.string(),
    imageUrl: z.string(),
    smallImageUrl: z.string(),
    storeImageUrl: z.string(),
    demoUrl: z.string(),
    demoImageUrl: z.string(),
    discordUrl: z.string(),
    steamAppId: z.string(),
    screenshots: z.array(z.string()),
    movies: z.array(z.string()),
    hideSuccessPageShareButtons: z.boolean(),
    storeUrl: z.string().nullable().describe('The game\'s store: the checkout\'s "Back to the store" and the success page\'s "Return to game".'),
    termsUrl: z.string().nullable().describe("The game's terms of sale, linked at the foot of the checkout."),
    supportUrl: z.string().nullable().describe("Where payers get help (https, or mailto:), linked at the foot of the checkout."),
    taxLabel: z.string().nullable().describe('The name of a sales tax included in the USD prices (e.g. "VAT"), shown on the checkout.'),
    taxRatePercent: z.number().nullable().describe("Its rate in percent (e.g. 20); the checkout shows the tax included in the total."),
    refundClawback: z
      .boolean()
      .describe(
        "Addition (issue 31): a refund or lost dispute takes back what the purchase delivered (granted units down to 0, the key, the subscription); false: the player keeps it.",
      ),
    status: z.string(),
    environment: z.enum(["test", "live"]),
    affiliateRate: z.number(),
    isVisible: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Game" });
export type Game = z.infer<typeof Game>;

/** A link field: an http(s) URL (`secure`: https only; `mailto`: or a mailto: address), null removes it. */
export const httpsUrl = (what: string, { mailto = false, secure = false } = {}) =>
  z
    .string()
    .trim()
    .max(2048)
    .refine((v) => (secure ? /^https:\/\/[^\s"'<>]+$/i : /^https?:\/\/[^\s"'<>]+$/i).test(v) || (mailto && /^mailto:[^\s@"'<>]+@[^\s@"'<>]+$/i.test(v)), {
      message: `must be an ${secure ? "https" : "http(s)"} URL${mailto ? " or a mailto: address" : ""}`,
    })
    .nullable()
    .optional()
    .describe(`${what}; null removes it.`);

/** PATCH /v1/game: the game's settings the hosted pages show. A field left out is unchanged; null clears it. */
export const GameSettingsBody = z
  .object({
    storeUrl: httpsUrl("The game's store: where the checkout's back and cancel links and the success page's \"Return to game\" go"),
    termsUrl: httpsUrl("The game's terms of sale"),
    supportUrl: httpsUrl("Where payers get help", { mailto: true }),
    taxLabel: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .nullable()
      .optional()
      .describe('The name of a sales tax included in the USD prices, e.g. "VAT"; null removes it.'),
    taxRatePercent: z
      .number()
      .min(0)
      .max(100)
      .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, { message: "must have at most 2 decimals" })
      .nullable()
      .optional()
      .describe("The rate of that tax in percent (0 to 100, 2 decimals), included in the prices; null removes it."),
    refundClawback: z
      .boolean()
      .optional()
      .describe("Addition (issue 31): whether a refund or a lost dispute takes back what the purchase delivered (default true)."),
  })
  .refine((b) => (b.taxLabel === undefined) === (b.taxRatePercent === undefined) && (b.taxLabel === null) === (b.taxRatePercent === null), {
    message: "taxLabel and taxRatePercent are set (or cleared with null) together",
    path: ["taxRatePercent"],
  });
export type GameSettingsBody = z.infer<typeof GameSettingsBody>;
