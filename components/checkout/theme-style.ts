import type { CSSProperties } from "react";
import type { CheckoutTheme } from "@/lib/checkout/schemas";

/**
 * The game's checkout theme as CSS variables: --co-* for the checkout components' own classes, and the
 * UI primitives' --ui-* (components/ui/classes.ts, defaults in app/globals.css) mapped onto the same colours.
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
  }) as CSSProperties;
