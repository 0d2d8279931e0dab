// Saving the checkout theme from the portal: the same body schema (ThemeBody), the same service and the
// same contrast rule as PUT /v1/game/theme, acting as the game, with an audit entry in the same transaction.
import { THEME_FIELDS, ThemeBody, type ThemeField } from "../checkout/schemas.ts";
import { setCheckoutTheme } from "../checkout/set-checkout-theme.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { inTransaction } from "../db/transaction.ts";
import { asGame } from "./helper-contexts.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

export type ThemeForm = Partial<Record<ThemeField, string>>;

/** The form's text as PUT /v1/game/theme's body: an empty field is left out (the store theme's colour). */
export const themeBodyOf = (form: ThemeForm) =>
  Object.fromEntries(THEME_FIELDS.map((f) => [f, form[f]?.trim() ?? ""]).filter(([, v]) => v !== "")) as Partial<Record<ThemeField, string>>;

export const savePortalTheme = async (ctx: PortalContext, input: { businessId: string; gameId: string } & ThemeForm) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "games:write" });
  const game = await findBusinessGame(ctx, input);
  const body = parseOrThrow(ThemeBody, themeBodyOf(input), "body");
  return inTransaction(ctx.db, async (tx) => {
    const theme = await setCheckoutTheme({ ...asGame({ db: tx }, game, member) }, body);
    await recordAudit(
      { db: tx },
      {
        businessId: game.businessId,
        environment: game.environment,
        actor: { type: "member", email: member.email },
        action: "checkout_theme.updated",
        objectType: "game",
        objectId: game.id,
        details: { fields: body },
      },
    );
    return theme;
  });
};
