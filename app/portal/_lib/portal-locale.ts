// The language of the portal page being rendered (server only), once per request: the signed-in account's
// choice, else the browser's (lib/portal/portal-locale.ts). The page, its frame and the root layout's
// <html lang> share the answer (React's cache lasts one request).
import { cache } from "react";
import { getAcceptLanguage } from "@/lib/hosted/locale";
import type { Locale } from "@/lib/i18n/locales";
import { portalLocale } from "@/lib/portal/portal-locale";
import { getPortalSession } from "./portal-player";

export const getPortalLocale = cache(async (): Promise<Locale> => portalLocale(await getPortalLocaleSetting(), await getAcceptLanguage()));

/**
 * The account's own setting ("en", "fr"), or null when it follows the browser (or nobody is signed in): read with
 * the session (app/portal/_lib/portal-player.ts), as lib/portal/portal-locale.ts loadPortalLocaleSetting reads it.
 */
export const getPortalLocaleSetting = async (): Promise<string | null> => (await getPortalSession())?.locale ?? null;
