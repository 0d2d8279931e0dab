// The checkout theme editor's data (/portal/{businessId}/games/{gameId}/theme): the game, the theme it has
// saved (only the fields it set; the rest fall back to the store theme) and the theme the checkout paints.
import type { CheckoutTheme, ThemeField } from "../checkout/schemas.ts";
import { THEME_FIELDS } from "../checkout/schemas.ts";
import { resolveTheme, STORE_THEME } from "../checkout/theme.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** The fields a stored Game.checkoutTheme sets, as strings ("" for a field it leaves to the store theme). */
export const savedThemeFields = (stored: unknown): Record<ThemeField, string> => {
  const resolved = resolveTheme(stored);
  const src = stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(THEME_FIELDS.map((f) => [f, typeof src[f] === "string" && src[f] === resolved[f] ? resolved[f] : ""])) as Record<
    ThemeField,
    string
  >;
};

export const loadPortalTheme = async (ctx: PortalContext, input: { businessId: string; gameId: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "games:read" });
  const game = await findBusinessGame(ctx, input);
  const theme: CheckoutTheme = resolveTheme(game.checkoutTheme);
  return {
    member,
    game: { id: game.id, name: game.name, environment: game.environment },
    saved: savedThemeFields(game.checkoutTheme),
    theme,
    defaults: STORE_THEME,
  };
};
