// Saving the checkout theme from the portal: the same body schema (ThemeBody), the same service and the
// same contrast rule as PUT /v1/game/theme, acting as the game, with an audit entry in the same transaction.
import { THEME_FIELDS, ThemeBody, type ThemeField } from "../checkout/schemas.ts";
import { setCheckoutTheme } from "../checkout/set-checkout-theme.ts";
import { asGame } from "./helper-contexts.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { portalCommand } from "./portal-command.ts";

export type ThemeForm = Partial<Record<ThemeField, string>>;

/** The form's text as PUT /v1/game/theme's body: an empty field is left out (the store theme's colour). */
export const themeBodyOf = (form: ThemeForm) =>
  Object.fromEntries(THEME_FIELDS.map((f) => [f, form[f]?.trim() ?? ""]).filter(([, v]) => v !== "")) as Partial<Record<ThemeField, string>>;

export const savePortalTheme = portalCommand({
  permission: "games:write",
  load: (ctx, params: { businessId: string; gameId: string } & ThemeForm) => findBusinessGame(ctx, params),
  input: ThemeBody,
  form: (params) => themeBodyOf(params),
  run: (ctx, { member, input: body, target: game }) => setCheckoutTheme(asGame(ctx, game, member), body),
  audit: (_, { input: body, target: game }) => ({
    businessId: game.businessId,
    environment: game.environment,
    action: "checkout_theme.updated",
    objectType: "game",
    objectId: game.id,
    details: { fields: body },
  }),
});
