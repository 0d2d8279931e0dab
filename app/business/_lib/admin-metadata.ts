// The tab title and link preview of a /business/{businessId}/… page: the business's name for its signed-in
// admins only (the `named` keys, with {business}); anyone else gets the page's generic ones. "platform" catalog.
import type { Metadata } from "next";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { getRequestLocale } from "@/lib/hosted/locale";
import { getTranslator } from "@/lib/i18n/translator";
import { adminBusinessOf } from "./admin-business";

const KEYS = {
  home: { generic: ["home.title", "meta.signInDescription"], named: ["meta.home.title", "meta.home.description"] },
  platforms: { generic: ["platforms.title", "meta.signInDescription"], named: ["meta.platforms.title", "meta.platforms.description"] },
  verification: { generic: ["verification.title", "verification.signIn"], named: ["verification.metaTitle", "verification.metaDescription"] },
} as const;

export const adminPageMetadata = async (businessId: string, page: keyof typeof KEYS): Promise<Metadata> => {
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "platform");
  const admin = await adminBusinessOf(businessId);
  const { generic, named } = KEYS[page];
  if (!admin) return hostedMetadata({ locale, title: t(generic[0]), description: t(generic[1]) });
  const business = admin.name;
  return hostedMetadata({ locale, title: t(named[0], { business }), description: t(named[1], { business }), siteName: business });
};
