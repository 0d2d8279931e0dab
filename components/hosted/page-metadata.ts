// The title, description and link preview (Open Graph, Twitter card) of a hosted page: they name the game,
// campaign or business and what the visitor does there ("Link your account to Star Miner", "Join Summer
// Cup"), never the platform (the title is absolute: no "· Coinop"). Never indexed; the URL is a credential,
// so no referrer either.
import type { Metadata } from "next";
import type { Locale } from "@/lib/i18n/locales";

const OG_LOCALE: Record<Locale, string> = { en: "en_US", fr: "fr_FR" };

export const hostedMetadata = ({
  locale,
  title,
  description,
  siteName,
  imageUrl,
}: {
  locale: Locale;
  title: string;
  description?: string;
  /** who the page is for (the game, campaign or business), as the preview's site name */
  siteName?: string;
  imageUrl?: string | null;
}): Metadata => ({
  title: { absolute: title },
  ...(description ? { description } : {}),
  ...(siteName ? { applicationName: siteName } : {}),
  openGraph: {
    title,
    ...(description ? { description } : {}),
    ...(siteName ? { siteName } : {}),
    type: "website",
    locale: OG_LOCALE[locale],
    ...(imageUrl && /^https?:\/\//.test(imageUrl) ? { images: [imageUrl] } : {}),
  },
  twitter: { card: "summary", title, ...(description ? { description } : {}) },
  robots: { index: false, follow: false },
  referrer: "no-referrer",
});
