import { afterEach, describe, expect, it, vi } from "vitest";
import { getTranslator } from "./translator.ts";

afterEach(() => vi.restoreAllMocks());

describe("getTranslator", () => {
  it("returns the message of the namespace in the locale, with ICU placeholders filled", () => {
    expect(getTranslator("en", "link")("meta.title", { game: "Star Quest" })).toBe("Link your account to Star Quest");
    expect(getTranslator("fr", "link")("meta.title", { game: "Star Quest" })).toBe("Associez votre compte à Star Quest");
  });

  it("knows which keys exist, and shows the path of a missing one (logged) instead of breaking the page", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const t = getTranslator("fr", "common");
    expect(t.has("skipToContent")).toBe(true);
    expect(t.has("nope.nothing")).toBe(false);
    expect(t("nope.nothing")).toBe("common.nope.nothing");
    expect(log).toHaveBeenCalledWith("[i18n] fr/common:", expect.stringContaining("nope.nothing"));
  });
});

describe("rich messages", () => {
  it("renders tags through the functions given, and plural forms by locale", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const strong = (chunks: unknown) => createElement("b", null, chunks as string);
    expect(renderToStaticMarkup(createElement("p", null, getTranslator("fr", "auth").rich("checkEmail.sent", { email: "a@b.co", strong })))).toBe(
      "<p>Nous avons envoyé un lien à <b>a@b.co</b>.</p>",
    );
    expect(getTranslator("en", "auth")("errors.tryAgainIn", { minutes: 1 })).toBe("Too many attempts. Try again in 1 minute.");
    expect(getTranslator("fr", "auth")("errors.tryAgainIn", { minutes: 5 })).toBe("Trop de tentatives. Réessayez dans 5 minutes.");
  });
});
