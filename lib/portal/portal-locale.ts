// The language of a developer portal page: the one the signed-in account chose (Player.locale, saved from
// the portal's language control: lib/portal/save-portal-locale.ts) when it is one we speak, else the
// browser's Accept-Language, else English. The one place the portal decides its language: the page's
// frame, its words and <html lang> (app/layout.tsx) all ask here (docs/decisions/portal-i18n-and-charts.md).
import type { Db } from "../db/client.ts";
import { negotiateLocale, type Locale } from "../i18n/locales.ts";

/** The portal's locale from the account's setting (null: none) and the browser's Accept-Language header. */
export const portalLocale = (setting: string | null | undefined, acceptLanguage: string | null | undefined): Locale => negotiateLocale(acceptLanguage, setting);

/** The language an account chose for the portal, or null (none chosen, or nobody signed in). */
export const loadPortalLocaleSetting = async (db: Db, playerId: string | null | undefined): Promise<string | null> => {
  if (!playerId) return null;
  const row = await db.player.findUnique({ where: { id: playerId }, select: { locale: true } });
  return row?.locale ?? null;
};
