import { z } from "zod";
import { TestClockField } from "../test-clocks/schemas.ts";
import { EmailSchema } from "../core/email.ts";
import { PurchaseJson } from "../purchases/serialize-purchase.ts";

const Id = (what: string) => z.string().trim().min(1, "must not be empty").max(64).describe(what);

export const CHECKOUT_METHODS = ["card", "wallet", "vc"] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

export const THEME_FIELDS = [
  "primaryButtonColor",
  "secondaryButtonColor",
  "notifyButtonColor",
  "backgroundColor",
  "borderColor",
  "priceOverrideColor",
  "logoUrl",
  "primaryFontColor",
  "primaryButtonFontColor",
  "secondaryButtonFontColor",
  "lineItemsFontColor",
  "contentLabelColor",
  "contentTextColor",
  "pageBackgroundColor",
] as const;
export type ThemeField = (typeof THEME_FIELDS)[number];

export const CheckoutTheme = z
  .object(Object.fromEntries(THEME_FIELDS.map((f) => [f, z.string()])) as Record<ThemeField, z.ZodString>)
  .meta({ id: "CheckoutTheme" });
export type CheckoutTheme = z.infer<typeof CheckoutTheme>;

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const colour = (what: string) =>
  z.string().max(9).regex(HEX_COLOUR, "must be a hex colour: #rgb, #rrggbb or #rrggbbaa").optional().describe(`${what} (hex); left out: the store theme's.`);

/** PUT /v1/game/theme: the game's whole theme (a field left out falls back to the store theme's). */
export const ThemeBody = z.object({
  primaryButtonColor: colour("The pay button and other main actions"),
  secondaryButtonColor: colour("Secondary buttons"),
  notifyButtonColor: colour("Notification accents"),
  backgroundColor: colour("The checkout card"),
  borderColor: colour("Borders of the card, the inputs and the payment methods"),
  priceOverrideColor: colour("A deal's price note (text, on the card and the page)"),
  logoUrl: z
    .string()
    .max(2048)
    .refine((v) => v === "" || /^(https?:\/\/|\/)[^\s"'()<>]*$/i.test(v), { message: "must be an http(s) URL or a /path, or empty" })
    .optional()
    .describe("The logo shown instead of the game's name; empty: the name."),
  primaryFontColor: colour("Headings and the price (text)"),
  primaryButtonFontColor: colour("Text on the primary button"),
  secondaryButtonFontColor: colour("Text on secondary buttons"),
  lineItemsFontColor: colour("Line items and amounts (text)"),
  contentLabelColor: colour("Labels and hints (text)"),
  contentTextColor: colour("Body text"),
  pageBackgroundColor: colour("The page around the card"),
});
export type ThemeBody = z.infer<typeof ThemeBody>;

export const ThemeQuery = z.object({ gameId: Id("The game (must be the key's game)."), itemId: Id("The item being sold.") });

export const RedirectQuery = z.object({
  gameId: Id("The game (must be the key's game)."),
  itemId: Id("The item to sell."),
  checkoutmethod: z
    .string()
    .optional()
    .refine((v) => v === undefined || (CHECKOUT_METHODS as readonly string[]).includes(v), { message: `must be one of ${CHECKOUT_METHODS.join(", ")}` })
    .describe("Pre-selects a payment method: card, wallet or vc."),
  dealCode: z.string().trim().max(64).optional().describe("A deal code of the item, validated now."),
  redirectUrl: z
    .string()
    .max(2048)
    .optional()
    .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/i.test(v), { message: "must be an http(s) URL, e.g. https://game.example/store" })
    .describe('Where the success page\'s "Return to game" button goes.'),
});

export const RedirectResponse = z.object({
  status: z.literal(302),
  headers: z.object({ Location: z.string() }),
  body: z.object({ url: z.string() }),
});

export const GrantBody = z.object({
  itemId: Id("The item to sell: the key's game's, visible and for sale."),
  email: EmailSchema.optional().describe("Pre-fills the checkout form; the same email always yields the same userRef."),
  userRef: z.string().trim().min(1).max(128).optional().describe("An existing userRef of the game."),
  // z.unknown() so check-metadata.ts gives its own messages; the meta is what the API document shows
  checkoutMetadata: z
    .unknown()
    .optional()
    .meta({ type: "object", additionalProperties: true, description: "Echoed back in webhooks as checkout_metadata; max 10 KB, 2 levels, 50 keys per level." }),
  customMessage: z
    .unknown()
    .optional()
    .meta({ type: "string", maxLength: 256, description: "Plain text shown above the checkout card; max 256 characters; HTML tags are stripped." }),
  testClock: TestClockField,
});
export type GrantBody = z.infer<typeof GrantBody>;

export const GrantCreated = z.object({ checkoutUrl: z.string(), userRef: z.string() });

export const CompleteHelperBody = z.object({
  url: z.string().min(1).max(2048).describe("A checkoutUrl from a grant, or a url from checkout redirect."),
  outcome: z.enum(["succeeded", "declined", "canceled"]),
  method: z.enum(CHECKOUT_METHODS).optional(),
  email: EmailSchema.optional().describe("The guest's email (a card payment); for wallet or vc on a redirect checkout, the player who pays."),
});

export const ExpireHelperBody = z.object({ url: z.string().min(1).max(2048) });

export const GrantJson = z
  .object({
    _id: z.string(),
    status: z.string(),
    itemId: z.string(),
    userRef: z.string(),
    email: z.string().nullable(),
    checkoutMetadata: z.unknown().meta({ type: ["object", "null"], additionalProperties: true, description: "The grant's checkoutMetadata, or null." }),
    customMessage: z.string().nullable(),
    purchaseId: z.string().nullable(),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "CheckoutGrant" });

export const SessionJson = z.object({
  _id: z.string(),
  status: z.string(),
  itemId: z.string(),
  checkoutMethod: z.string().nullable(),
  dealCode: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  purchaseId: z.string().nullable(),
  expiresAt: z.string(),
});

export const CheckoutHelperResult = z.object({
  grant: GrantJson.nullable(),
  checkoutSession: SessionJson.nullable(),
  purchase: PurchaseJson.nullable(),
  message: z.string().nullable(),
});
