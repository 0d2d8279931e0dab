import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, isLocale, LOCALES, localeOfTag, negotiateLocale, parseAcceptLanguage } from "./locales.ts";

describe("negotiateLocale", () => {
  it("speaks English and French, English by default", () => {
    expect(LOCALES).toEqual(["en", "fr"]);
    expect(DEFAULT_LOCALE).toBe("en");
    expect(negotiateLocale(null)).toBe("en");
    expect(negotiateLocale(undefined)).toBe("en");
    expect(negotiateLocale("")).toBe("en");
  });

  it("takes the first supported language of Accept-Language, a region naming its language", () => {
    expect(negotiateLocale("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("fr");
    expect(negotiateLocale("fr-CA")).toBe("fr");
    expect(negotiateLocale("en-GB,fr;q=0.5")).toBe("en");
    expect(negotiateLocale("de-DE,de;q=0.9,fr;q=0.8,en;q=0.7")).toBe("fr");
    expect(negotiateLocale("de-DE,ja")).toBe("en");
  });

  it("orders by q-value, not by position; equal q-values keep the header's order", () => {
    expect(negotiateLocale("en;q=0.3, fr;q=0.9")).toBe("fr");
    expect(negotiateLocale("en;q=0.8,fr;q=0.8")).toBe("en");
    expect(negotiateLocale("fr;q=0.8,en;q=0.8")).toBe("fr");
    expect(negotiateLocale("de, en;q=0.1, fr;q=0.2")).toBe("fr");
    expect(negotiateLocale("en;q=1.000,fr;q=1")).toBe("en");
  });

  it("drops q=0 (not acceptable) and malformed entries; '*' names the default", () => {
    expect(negotiateLocale("en;q=0, fr;q=0.1")).toBe("fr");
    expect(negotiateLocale("fr;q=0")).toBe("en");
    expect(negotiateLocale("en;q=2, fr;q=0.5")).toBe("fr");
    expect(negotiateLocale("en;q=abc, fr;q=0.5")).toBe("fr");
    expect(negotiateLocale("<script>, fr")).toBe("fr");
    expect(negotiateLocale("de, *;q=0.5, fr;q=0.4")).toBe("en");
    expect(negotiateLocale(";;;,,,")).toBe("en");
  });

  it("lets a supported override win over Accept-Language; an unsupported or empty one is ignored", () => {
    expect(negotiateLocale("en-US,en", "fr")).toBe("fr");
    expect(negotiateLocale("en-US,en", "fr-CA")).toBe("fr");
    expect(negotiateLocale("en-US,en", "FR_ca")).toBe("fr");
    expect(negotiateLocale("fr-FR", "en")).toBe("en");
    expect(negotiateLocale("fr-FR", "de")).toBe("fr");
    expect(negotiateLocale("fr-FR", "")).toBe("fr");
    expect(negotiateLocale("fr-FR", null)).toBe("fr");
    expect(negotiateLocale(null, "x".repeat(10_000))).toBe("en");
  });

  it("reads only the start of an enormous header", () => {
    expect(negotiateLocale(`${"de;q=0.9,".repeat(10_000)}fr`)).toBe("en");
    expect(parseAcceptLanguage("de;q=0.9,".repeat(10_000)).length).toBe(64);
  });
});

describe("the helpers", () => {
  it("parses ranges best first", () => {
    expect(parseAcceptLanguage("da, en-gb;q=0.8, en;q=0.7")).toEqual(["da", "en-gb", "en"]);
    expect(parseAcceptLanguage("en;q=0.7;level=1, fr")).toEqual(["fr", "en"]);
  });
  it("maps tags to locales", () => {
    expect(localeOfTag("fr-BE")).toBe("fr");
    expect(localeOfTag("EN")).toBe("en");
    expect(localeOfTag("es")).toBeNull();
    expect(localeOfTag(undefined)).toBeNull();
    expect(isLocale("fr")).toBe(true);
    expect(isLocale("fr-FR")).toBe(false);
    expect(isLocale(3)).toBe(false);
  });
});
