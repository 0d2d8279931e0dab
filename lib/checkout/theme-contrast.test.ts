import { describe, expect, it } from "vitest";
import { contrastRatio, describeFailure, parseHex, themeContrastFailures } from "./theme-contrast";
import { STORE_THEME } from "./theme";

const ratio = (a: string, b: string) => contrastRatio(parseHex(a)!, parseHex(b)!);

describe("theme contrast (WCAG AA)", () => {
  it("computes WCAG ratios: black on white is 21:1, equal colours 1:1, #767676 on white just passes 4.5:1", () => {
    expect(ratio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(ratio("#123456", "#123456")).toBeCloseTo(1, 5);
    expect(ratio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(ratio("#777777", "#ffffff")).toBeLessThan(4.5);
    expect(parseHex("#0f08")).toBeNull();
    expect(parseHex("#00ff0080")).toEqual({ r: 0, g: 255, b: 0, a: 128 / 255 });
  });

  it("the store theme passes every pair", () => {
    expect(themeContrastFailures(STORE_THEME)).toEqual([]);
  });

  it("names each failing pair with its colours and its ratio (rounded down), text on both surfaces and button text on its button", () => {
    const failures = themeContrastFailures({ ...STORE_THEME, contentLabelColor: "#999999", primaryButtonColor: "#ffcc00", primaryButtonFontColor: "#ffffff" });
    expect(failures.map((f) => `${f.foreground}/${f.background}`)).toEqual([
      "contentLabelColor/backgroundColor",
      "contentLabelColor/pageBackgroundColor",
      "primaryButtonFontColor/primaryButtonColor",
    ]);
    expect(failures[0]).toEqual({
      foreground: "contentLabelColor",
      background: "backgroundColor",
      foregroundColor: "#999999",
      backgroundColor: "#ffffff",
      ratio: 2.84,
    });
    expect(describeFailure(failures[0]!)).toBe("contentLabelColor #999999 on backgroundColor #ffffff is 2.84:1");
  });

  it("a dark theme passes with light text; translucent text is composited over its surface", () => {
    const dark = {
      ...STORE_THEME,
      backgroundColor: "#111827",
      pageBackgroundColor: "#030712",
      primaryFontColor: "#f9fafb",
      contentTextColor: "#e5e7eb",
      contentLabelColor: "#9ca3af",
      lineItemsFontColor: "#d1d5db",
      priceOverrideColor: "#fbbf24",
      primaryButtonColor: "#fbbf24",
      primaryButtonFontColor: "#111827",
      secondaryButtonColor: "#1f2937",
      secondaryButtonFontColor: "#f9fafb",
    };
    expect(themeContrastFailures(dark)).toEqual([]);
    // white at 20% on a dark card is barely visible
    expect(themeContrastFailures({ ...dark, contentTextColor: "#ffffff33" }).map((f) => f.foreground)).toEqual(["contentTextColor", "contentTextColor"]);
  });
});
