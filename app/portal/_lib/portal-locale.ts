// The language of the portal page being rendered (server only), once per request: the signed-in account's
// choice, else the browser's (lib/portal/portal-locale.ts). The page, its frame and the root layout's
// <html lang> share the answer (React's cache lasts one request).
import { cache } from "react";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { getAcceptLanguage } from "@/lib/hosted/locale";
import type { Locale } from "@/lib/i18n/locales";
import { loadPortalLocaleSetting, portalLocale } from "@/lib/portal/portal-locale";

export const getPortalLocale = cache(async (): Promise<Locale> => {
  const player = await getSignedInPlayer();
  return portalLocale(await loadPortalLocaleSetting(getDb(), player?.playerId), await getAcceptLanguage());
});

/** The account's own setting ("en", "fr"), or null when it follows the browser. */
export const getPortalLocaleSetting = cache(async (): Promise<string | null> => loadPortalLocaleSetting(getDb(), (await getSignedInPlayer())?.playerId));
