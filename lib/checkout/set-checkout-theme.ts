import type { GameContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import type { CheckoutTheme, ThemeBody } from "./schemas.ts";
import { THEME_FIELDS } from "./schemas.ts";
import { resolveTheme } from "./theme.ts";
import { describeFailure, MIN_CONTRAST, themeContrastFailures } from "./theme-contrast.ts";

/**
 * PUT /v1/checkout/theme: replaces the key's game's checkout theme. Fields left out fall back to the store
 * theme, so the check runs on the theme the page will paint: every text colour against the card and the
 * page, each button's text against the button, at least 4.5:1 (WCAG AA). A pair below is 400
 * THEME_CONTRAST_TOO_LOW naming each pair, its colours and its ratio, and nothing is saved.
 */
export const setCheckoutTheme = async (ctx: GameContext, input: ThemeBody): Promise<CheckoutTheme> => {
  const stored = Object.fromEntries(THEME_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]]));
  const theme = resolveTheme(stored);
  const failures = themeContrastFailures(theme);
  if (failures.length)
    throw new AppError(
      "THEME_CONTRAST_TOO_LOW",
      `The theme was not saved: ${failures.length === 1 ? "a colour pair is" : `${failures.length} colour pairs are`} below the ${MIN_CONTRAST}:1 contrast WCAG AA needs for text: ${failures.map(describeFailure).join("; ")}.`,
      { details: failures.map((f) => ({ field: f.foreground, message: `${describeFailure(f)}; needs at least ${MIN_CONTRAST}:1` })) },
    );
  await ctx.db.game.update({ where: { id: ctx.scope.gameId }, data: { checkoutTheme: stored } });
  return theme;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const SET_CHECKOUT_THEME_ERRORS = ["THEME_CONTRAST_TOO_LOW"] as const satisfies readonly ErrorCode[];
