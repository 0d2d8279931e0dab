import { describe, expect, it } from "vitest";
import { pageKindOf } from "./page-kind";

describe("pageKindOf: which page decides its own <html lang>", () => {
  it("names the checkout pages with their id and signature", () => {
    expect(pageKindOf("/checkout/g/grt_1?sig=abc")).toEqual({ kind: "grantCheckout", id: "grt_1", sig: "abc" });
    expect(pageKindOf("/checkout/r/tok_1")).toEqual({ kind: "sessionCheckout", id: "tok_1" });
    expect(pageKindOf("/checkout/success/pur_1?sig=s")).toEqual({ kind: "checkoutSuccess", id: "pur_1", sig: "s" });
    expect(pageKindOf("/checkout/cancel/pur_1")).toEqual({ kind: "checkoutCancel", id: "pur_1", sig: null });
  });

  it("names the link, business connect and invoice pages", () => {
    expect(pageKindOf("/link/lnk_1")).toEqual({ kind: "link", id: "lnk_1" });
    expect(pageKindOf("/business/connect/pls_1")).toEqual({ kind: "businessConnect", id: "pls_1" });
    expect(pageKindOf("/invoice/inv_1?sig=x&payment=stripe")).toEqual({ kind: "invoice", id: "inv_1", sig: "x" });
  });

  it("keeps the operator console, the mail outbox and the docs in English, whatever the browser asks", () => {
    for (const path of ["/operator/reviews", "/dev/mail?token=t", "/docs/errors"]) expect(pageKindOf(path)).toEqual({ kind: "english" });
  });

  it("lets the portal speak its member's language (app/portal/_lib/portal-locale.ts)", () => {
    for (const path of ["/portal", "/portal/biz_1", "/portal/biz_1?env=live", "/portal/biz_1/games", "/portal/developer-login"])
      expect(pageKindOf(path)).toEqual({ kind: "portal" });
  });

  it("lets the portal's checkout preview, the fund and wallet pages and unknown paths follow the browser", () => {
    for (const path of ["/portal/biz_1/games/g_1/theme/preview", "/fund/fs_1", "/wallet/t", "/", "/checkout/g", "/link/a/b", null, ""])
      expect(pageKindOf(path)).toEqual({ kind: "browser" });
  });

  it("never throws on a malformed path", () => {
    expect(pageKindOf("/link/%E0%A4%A")).toEqual({ kind: "browser" });
    expect(pageKindOf("/checkout/g/%zz?sig=1")).toEqual({ kind: "browser" });
  });
});
