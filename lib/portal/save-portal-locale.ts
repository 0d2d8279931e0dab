// The portal's language control: the signed-in account keeps "en" or "fr" for every portal page, or "" to
// follow the browser again (null). Anything else is a 400 and changes nothing; nobody signed in, a 401.
import { z } from "zod";
import { AppError, type ErrorCode } from "../core/errors.ts";
import { LOCALES, type Locale } from "../i18n/locales.ts";
import type { PortalContext } from "./require-portal-access.ts";

export const PortalLocaleInput = z.object({ locale: z.union([z.enum(LOCALES), z.literal("")]) });

export const savePortalLocale = async (ctx: PortalContext, input: { locale: string }): Promise<{ locale: Locale | null }> => {
  if (!ctx.player) throw new AppError("ADMIN_SIGN_IN_REQUIRED", "Sign in to choose the portal's language.");
  const parsed = PortalLocaleInput.safeParse(input);
  if (!parsed.success)
    throw new AppError("VALIDATION_ERROR", `Choose one of: ${LOCALES.join(", ")}, or the browser's language.`, {
      details: [{ field: "locale", message: `is not one of ${LOCALES.join(", ")}` }],
    });
  const locale = parsed.data.locale === "" ? null : parsed.data.locale;
  await ctx.db.player.update({ where: { id: ctx.player.playerId }, data: { locale } });
  return { locale };
};

export const SAVE_PORTAL_LOCALE_ERRORS = ["ADMIN_SIGN_IN_REQUIRED", "VALIDATION_ERROR"] as const satisfies readonly ErrorCode[];
