import { describe, expect, it } from "vitest";
import { metadataReturnUrl, resolveBackLink } from "./resolve-back-link";

describe("resolveBackLink: the way back to the game, in order", () => {
  it("takes the redirect checkout's redirectUrl first", () => {
    expect(
      resolveBackLink({
        redirectUrl: "https://game.example/back?x=1",
        checkoutMetadata: { returnUrl: "https://other.example" },
        storeUrl: "https://game.example/store",
      }),
    ).toEqual({
      kind: "return",
      href: "https://game.example/back?x=1",
    });
  });
  it("then the grant's checkoutMetadata.returnUrl", () => {
    expect(
      resolveBackLink({ redirectUrl: null, checkoutMetadata: { locale: "fr", returnUrl: "https://game.example/r" }, storeUrl: "https://game.example/store" }),
    ).toEqual({
      kind: "return",
      href: "https://game.example/r",
    });
  });
  it("then the game's store page", () => {
    expect(resolveBackLink({ redirectUrl: "", checkoutMetadata: { locale: "fr" }, storeUrl: "https://game.example/store" })).toEqual({
      kind: "store",
      href: "https://game.example/store",
    });
  });
  it("else Close", () => {
    expect(resolveBackLink({ redirectUrl: null, checkoutMetadata: null, storeUrl: null })).toEqual({ kind: "close" });
    expect(resolveBackLink({ redirectUrl: undefined, checkoutMetadata: [], storeUrl: "" })).toEqual({ kind: "close" });
  });
  it("ignores an address that is not http(s), as if unset", () => {
    expect(resolveBackLink({ redirectUrl: "javascript:alert(1)", checkoutMetadata: { returnUrl: "data:text/html,x" }, storeUrl: "ftp://x" })).toEqual({
      kind: "close",
    });
    expect(metadataReturnUrl({ returnUrl: 42 })).toBeNull();
    expect(metadataReturnUrl({ returnUrl: `https://g.example/${"a".repeat(2100)}` })).toBeNull();
    expect(metadataReturnUrl("https://g.example")).toBeNull();
  });
});
