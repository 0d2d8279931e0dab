import type { Metadata } from "next";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";

const OG_LOCALE: Record<string, string> = { en: "en_US", fr: "fr_FR" };

/**
 * The title, description and link preview of a checkout page: they name the game and what the payer does
 * ("Pay Star Miner — Dragon Pack"), never the platform. Never indexed, no referrer (the URL is a credential).
 */
export const checkoutMetadata = ({
  locale,
  title,
  description,
  game,
  imageUrl,
}: {
  locale: Locale;
  title: string;
  description: string;
  game: string;
  imageUrl?: string | null;
}): Metadata => ({
  title: { absolute: title },
  description,
  applicationName: game,
  openGraph: { title, description, siteName: game, type: "website", locale: OG_LOCALE[locale] ?? locale, ...(imageUrl ? { images: [imageUrl] } : {}) },
  twitter: { card: "summary", title, description },
  robots: { index: false, follow: false },
  referrer: "no-referrer",
});

/** The metadata of a checkout that could not be found: the page says so, the tab too. */
export const notFoundMetadata = (locale: Locale): Metadata => {
  const t = getTranslator(locale, "checkout");
  return { title: { absolute: t("meta.notFoundTitle") }, robots: { index: false, follow: false }, referrer: "no-referrer" };
};
