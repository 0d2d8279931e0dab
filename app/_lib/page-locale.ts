// The language a page renders, for the root layout's `<html lang>` (WCAG 3.1.1). The root layout renders
// beside the page, not after it, so it cannot be told by the page; instead each page kind whose language
// comes from its own data names, here, the loader it renders with (the same `cache`d function, so the
// database is read once per request), and the English-only consoles say "en", and the portal its member's language. Every other page speaks the
// browser's language (lib/hosted/locale.ts), as the page itself does.
//
// The path comes from the proxy (proxy.tsx sets PAGE_URL_HEADER on every page request, overwriting whatever
// the client sent). A page added with a locale of its own adds its line here; e2e/page-lang.spec.ts checks
// every page kind in both languages. On a client-side navigation the root layout is not rendered again:
// the page's frame (components/hosted/document-lang.tsx) then sets the same value on <html>.
import { headers } from "next/headers";
import { getRequestLocale } from "@/lib/hosted/locale";
import type { Locale } from "@/lib/i18n/locales";
import { getDb } from "@/lib/db/client";
import { loadLinkPageMeta } from "@/lib/linking/load-link-page";
import { loadConnectPage } from "@/lib/platform/load-business-pages";
import { loadCancelPage, loadGrantCheckout, loadSessionCheckout, loadSuccessPage } from "../checkout/load-page";
import { loadInvoicePageOnce } from "../invoice/_lib/load-page";
import { getPortalLocale } from "../portal/_lib/portal-locale";
import { PAGE_URL_HEADER, pageKindOf, type PageKind } from "./page-kind";

/** The locale the page renders, by kind: its data's locale when it names one we speak, else the browser's. */
const LOCALE_OF: { [K in PageKind["kind"]]: (page: Extract<PageKind, { kind: K }>) => Promise<Locale> } = {
  english: async () => "en",
  portal: async () => getPortalLocale(),
  browser: async () => getRequestLocale(),
  grantCheckout: async ({ id, sig }) => (await loadGrantCheckout(id, sig))?.locale ?? getRequestLocale(),
  sessionCheckout: async ({ id }) => (await loadSessionCheckout(id))?.locale ?? getRequestLocale(),
  checkoutSuccess: async ({ id, sig }) => (await loadSuccessPage(id, sig))?.locale ?? getRequestLocale(),
  checkoutCancel: async ({ id, sig }) => (await loadCancelPage(id, sig))?.locale ?? getRequestLocale(),
  invoice: async ({ id, sig }) => getRequestLocale((await loadInvoicePageOnce(id, sig))?.locale),
  link: async ({ id }) => getRequestLocale((await loadLinkPageMeta({ db: getDb() }, { sessionKey: id }))?.locale),
  businessConnect: async ({ id }) => getRequestLocale((await loadConnectPage({ db: getDb() }, { sessionKey: id, player: null }))?.locale),
};

/** The language of the page being rendered (server only; the root layout's `<html lang>`). */
export const getPageLocale = async (): Promise<Locale> => {
  const page = pageKindOf((await headers()).get(PAGE_URL_HEADER));
  return (LOCALE_OF[page.kind] as (p: PageKind) => Promise<Locale>)(page);
};
