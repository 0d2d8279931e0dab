// The locale of the hosted page being rendered (server only): the `locale` the game set on the link session,
// invite or grant (`override`) when it is one we speak, else the browser's Accept-Language, else English.
// The one file of lib/ that reads a request header through next/headers (eslint.config.mjs allows it).
import { headers } from "next/headers";
import { negotiateLocale, type Locale } from "../i18n/locales.ts";

/** The request's Accept-Language header, or null. */
export const getAcceptLanguage = async (): Promise<string | null> => (await headers()).get("accept-language");

export const getRequestLocale = async (override?: string | null): Promise<Locale> => negotiateLocale(await getAcceptLanguage(), override);
