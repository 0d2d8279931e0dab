// The checkout theme of a game: the game's own colours and logo, with our store theme as the fallback
// for every field the game has not set.
import type { CheckoutTheme, ThemeField } from "./schemas.ts";
import { THEME_FIELDS } from "./schemas.ts";

/**
 * The store theme (Coinop's hosted-page look: slate-900 actions, brand orange accents), used when a game
 * has no theme or leaves a field out.
 */
export const STORE_THEME: CheckoutTheme = {
  primaryButtonColor: "#0f172a",
  secondaryButtonColor: "#ffffff",
  notifyButtonColor: "#d96606",
  backgroundColor: "#ffffff",
  borderColor: "#e2e8f0",
  priceOverrideColor: "#b44509",
  logoUrl: "",
  primaryFontColor: "#0f172a",
  primaryButtonFontColor: "#ffffff",
  secondaryButtonFontColor: "#0f172a",
  lineItemsFontColor: "#334155",
  contentLabelColor: "#475569",
  contentTextColor: "#1e293b",
  pageBackgroundColor: "#f1f5f9",
};

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** The 14 theme fields from a stored Game.checkoutTheme: valid hex colours (and an http(s) or /path logo) win, the store theme fills the rest. */
export const resolveTheme = (stored: unknown): CheckoutTheme => {
  const src = stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const out = { ...STORE_THEME };
  for (const f of THEME_FIELDS as readonly ThemeField[]) {
    const v = src[f];
    if (typeof v !== "string") continue;
    if (f === "logoUrl" ? /^(https?:\/\/|\/)[^\s"'()<>]*$/i.test(v) : HEX.test(v)) out[f] = v;
  }
  return out;
};
