// WCAG 2.2 contrast of a checkout theme (success criterion 1.4.3, AA: 4.5:1 for text). Every text colour the
// hosted checkout paints is checked against both surfaces it is painted on (the card and the page), and
// each button's text against the button. Pure: used when a theme is saved (set-checkout-theme.ts).
import type { CheckoutTheme, ThemeField } from "./schemas.ts";

/** WCAG AA for normal-size text; the checkout's text is normal size. */
export const MIN_CONTRAST = 4.5;

type Rgba = { r: number; g: number; b: number; a: number };

/** #rgb, #rrggbb or #rrggbbaa as 0-255 channels and alpha 0-1; null for anything else. */
export const parseHex = (hex: string): Rgba | null => {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(hex);
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
  return { r: n(0), g: n(2), b: n(4), a: h.length === 8 ? n(6) / 255 : 1 };
};

/** `top` painted over the opaque `under` (alpha compositing). */
const over = (top: Rgba, under: Rgba): Rgba => ({
  r: top.r * top.a + under.r * (1 - top.a),
  g: top.g * top.a + under.g * (1 - top.a),
  b: top.b * top.a + under.b * (1 - top.a),
  a: 1,
});

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (c: Rgba) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);

/** The WCAG contrast ratio (1 to 21) of two opaque colours. */
export const contrastRatio = (a: Rgba, b: Rgba): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/** The text colours of the checkout (headings, body, labels and hints, line items, the deal price). */
const TEXT: ThemeField[] = ["primaryFontColor", "contentTextColor", "contentLabelColor", "lineItemsFontColor", "priceOverrideColor"];
/** The surfaces text sits on: the card, and the page around it (the order summary, the header, the footer). */
const SURFACES: ThemeField[] = ["backgroundColor", "pageBackgroundColor"];
/** Each button's text colour and the button's colour. */
const BUTTONS: [ThemeField, ThemeField][] = [
  ["primaryButtonFontColor", "primaryButtonColor"],
  ["secondaryButtonFontColor", "secondaryButtonColor"],
];

export type ContrastFailure = { foreground: ThemeField; background: ThemeField; foregroundColor: string; backgroundColor: string; ratio: number };

/** Rounded down to 2 decimals, so a reported 4.49 is never shown as 4.5. */
const floor2 = (n: number) => Math.floor(n * 100) / 100;

/**
 * Every pair of `theme` (a complete theme: the store theme fills what the game leaves out) below 4.5:1, in
 * the order above. The page background is painted over white, the card over the page, a translucent
 * colour over its surface. Colours that are not hex are skipped (the theme schema refuses them first).
 */
export const themeContrastFailures = (theme: CheckoutTheme): ContrastFailure[] => {
  const page = parseHex(theme.pageBackgroundColor);
  const pageSolid = page ? over(page, WHITE) : WHITE;
  const solid = (f: ThemeField): Rgba | null => {
    const c = parseHex(theme[f]);
    if (!c) return null;
    return f === "pageBackgroundColor" ? pageSolid : over(c, pageSolid);
  };
  const out: ContrastFailure[] = [];
  const check = (fg: ThemeField, bg: ThemeField) => {
    const under = solid(bg);
    const top = parseHex(theme[fg]);
    if (!under || !top) return;
    const ratio = contrastRatio(over(top, under), under);
    if (ratio < MIN_CONTRAST) out.push({ foreground: fg, background: bg, foregroundColor: theme[fg], backgroundColor: theme[bg], ratio: floor2(ratio) });
  };
  for (const fg of TEXT) for (const bg of SURFACES) check(fg, bg);
  for (const [fg, bg] of BUTTONS) check(fg, bg);
  return out;
};

/** "contentLabelColor #999999 on backgroundColor #ffffff is 2.84:1" */
export const describeFailure = (f: ContrastFailure): string =>
  `${f.foreground} ${f.foregroundColor} on ${f.background} ${f.backgroundColor} is ${f.ratio.toFixed(2)}:1`;
