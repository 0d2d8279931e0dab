// The static registry of the hosted pages' message catalogs: MESSAGES[locale][namespace] is the JSON file
// messages/<locale>/<namespace>.json. A new namespace is a JSON file per locale plus one line per locale
// here; messages/catalogs.test.ts checks that every locale has the same keys with the same ICU placeholders.
// Owners: "checkout" belongs to the checkout pages (app/checkout, components/checkout), "platform" to the
// business pages (app/business), "gift" to the gift claim page (app/gift), "invoice" to the invoice page
// (app/invoice, components/invoice), "fund" to the fund session page (app/fund); the developer portal's are
// "portal" (its frame, nav and overview), "portal-money" (ledger, players, cashouts, disputes, timeline),
// "portal-catalogue" (catalogue, deals, reviews, games, theme), "portal-access" (keys, webhooks, members, audit)
// "portal-more" (campaigns, helpers, platforms, Go live, the business list, sign-in) and "portal-logs" (the request
// logs, a platform's page and its webhooks); the others belong to the rest of the hosted pages.
import enAccount from "./en/account.json" with { type: "json" };
import enAuth from "./en/auth.json" with { type: "json" };
import enCheckout from "./en/checkout.json" with { type: "json" };
import enCommon from "./en/common.json" with { type: "json" };
import enFund from "./en/fund.json" with { type: "json" };
import enGift from "./en/gift.json" with { type: "json" };
import enHome from "./en/home.json" with { type: "json" };
import enInvoice from "./en/invoice.json" with { type: "json" };
import enJoin from "./en/join.json" with { type: "json" };
import enLink from "./en/link.json" with { type: "json" };
import enPlatform from "./en/platform.json" with { type: "json" };
import enPortal from "./en/portal.json" with { type: "json" };
import enPortalMoney from "./en/portal-money.json" with { type: "json" };
import enPortalMore from "./en/portal-more.json" with { type: "json" };
import enPortalCatalogue from "./en/portal-catalogue.json" with { type: "json" };
import enPortalAccess from "./en/portal-access.json" with { type: "json" };
import enPortalLogs from "./en/portal-logs.json" with { type: "json" };
import enWallet from "./en/wallet.json" with { type: "json" };
import frAccount from "./fr/account.json" with { type: "json" };
import frAuth from "./fr/auth.json" with { type: "json" };
import frCheckout from "./fr/checkout.json" with { type: "json" };
import frCommon from "./fr/common.json" with { type: "json" };
import frFund from "./fr/fund.json" with { type: "json" };
import frGift from "./fr/gift.json" with { type: "json" };
import frHome from "./fr/home.json" with { type: "json" };
import frInvoice from "./fr/invoice.json" with { type: "json" };
import frJoin from "./fr/join.json" with { type: "json" };
import frLink from "./fr/link.json" with { type: "json" };
import frPlatform from "./fr/platform.json" with { type: "json" };
import frPortal from "./fr/portal.json" with { type: "json" };
import frPortalMoney from "./fr/portal-money.json" with { type: "json" };
import frPortalMore from "./fr/portal-more.json" with { type: "json" };
import frPortalCatalogue from "./fr/portal-catalogue.json" with { type: "json" };
import frPortalAccess from "./fr/portal-access.json" with { type: "json" };
import frPortalLogs from "./fr/portal-logs.json" with { type: "json" };
import frWallet from "./fr/wallet.json" with { type: "json" };
import type { Locale } from "../lib/i18n/locales.ts";

/** A catalog: nested objects whose leaves are ICU messages. */
export type Messages = { [key: string]: string | Messages };

const en = {
  account: enAccount,
  auth: enAuth,
  checkout: enCheckout,
  common: enCommon,
  fund: enFund,
  gift: enGift,
  home: enHome,
  invoice: enInvoice,
  join: enJoin,
  link: enLink,
  platform: enPlatform,
  portal: enPortal,
  "portal-money": enPortalMoney,
  "portal-more": enPortalMore,
  "portal-catalogue": enPortalCatalogue,
  "portal-access": enPortalAccess,
  "portal-logs": enPortalLogs,
  wallet: enWallet,
};
export type Namespace = keyof typeof en;

export const MESSAGES: Record<Locale, Record<Namespace, Messages>> = {
  en,
  fr: {
    account: frAccount,
    auth: frAuth,
    checkout: frCheckout,
    common: frCommon,
    fund: frFund,
    gift: frGift,
    home: frHome,
    invoice: frInvoice,
    join: frJoin,
    link: frLink,
    platform: frPlatform,
    portal: frPortal,
    "portal-money": frPortalMoney,
    "portal-more": frPortalMore,
    "portal-catalogue": frPortalCatalogue,
    "portal-access": frPortalAccess,
    "portal-logs": frPortalLogs,
    wallet: frWallet,
  },
};

export const NAMESPACES = Object.keys(en) as Namespace[];
