import type { CSSProperties } from "react";
import type { CheckoutTheme } from "@/lib/checkout/schemas";
import { contrastRatio, parseHex } from "@/lib/checkout/theme-contrast";

/** The red of an inline field error on the card: a dark red on a light card, a light red on a dark one (whichever reads better). */
export const errorColourOn = (background: string): string => {
  const bg = parseHex(background);
  if (!bg) return "#b91c1c";
  const solid = { ...bg, a: 1 };
  const [dark, light] = [parseHex("#b91c1c")!, parseHex("#fca5a5")!];
  return contrastRatio(dark, solid) >= contrastRatio(light, solid) ? "#b91c1c" : "#fca5a5";
};

/**
 * The game's checkout theme as CSS variables: --co-* for the checkout components' own classes, and the
 * UI primitives' --ui-* (components/ui/classes.ts, defaults in app/globals.css) mapped onto the same colours,
 * and --co-error: the inline field errors' red, readable on the card.
 */
export const themeStyle = (t: CheckoutTheme): CSSProperties =>
  ({
    "--co-primary": t.primaryButtonColor,
    "--co-primary-fg": t.primaryButtonFontColor,
    "--co-secondary": t.secondaryButtonColor,
    "--co-secondary-fg": t.secondaryButtonFontColor,
    "--co-notify": t.notifyButtonColor,
    "--co-card": t.backgroundColor,
    "--co-border": t.borderColor,
    "--co-price-override": t.priceOverrideColor,
    "--co-title": t.primaryFontColor,
    "--co-lines": t.lineItemsFontColor,
    "--co-label": t.contentLabelColor,
    "--co-text": t.contentTextColor,
    "--co-page": t.pageBackgroundColor,
    "--co-error": errorColourOn(t.backgroundColor),
    "--ui-primary": t.primaryButtonColor,
    "--ui-primary-fg": t.primaryButtonFontColor,
    "--ui-secondary": t.secondaryButtonColor,
    "--ui-secondary-fg": t.secondaryButtonFontColor,
    "--ui-border": t.borderColor,
    "--ui-input-border": t.borderColor,
    "--ui-input-outline": `color-mix(in oklab, ${t.primaryButtonColor} 40%, transparent)`,
    "--ui-focus": t.primaryButtonColor,
    "--ui-card": t.backgroundColor,
    "--ui-label": t.contentLabelColor,
    "--ui-hint": t.contentLabelColor,
    "--ui-text": t.contentTextColor,
    "--ui-title": t.primaryFontColor,
  }) as CSSProperties;
