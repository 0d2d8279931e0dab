import { describe, expect, it } from "vitest";
import { createHmac, hkdfSync } from "node:crypto";
import {
  cancelUrlPath,
  grantCheckoutUrl,
  parseCheckoutUrl,
  sessionCheckoutUrl,
  signGrantId,
  signId,
  successUrlPath,
  verifyGrantSignature,
  verifyIdSignature,
} from "./sign-url";
import { sandboxCardOutcome } from "./sandbox-card";

describe("signed checkout URLs", () => {
  const keyOf = (master: string, purpose: string) => Buffer.from(hkdfSync("sha256", master, "", `coinop:${purpose}`, 32));

  it("signs the grant id with HMAC-SHA256 under the checkout-grant-url key (HKDF of the master secret) and parses it back", () => {
    process.env.CHECKOUT_SIGNING_SECRET = "s3cret";
    const url = grantCheckoutUrl("ckg_test_1");
    const sig = createHmac("sha256", keyOf("s3cret", "checkout-grant-url")).update("ckg_test_1").digest("hex");
    expect(url).toMatch(new RegExp(`/checkout/g/ckg_test_1\\?sig=${sig}$`));
    expect(parseCheckoutUrl(url)).toEqual({ kind: "grant", grantId: "ckg_test_1" });
    expect(parseCheckoutUrl(sessionCheckoutUrl("cks_x"))).toEqual({ kind: "session", token: "cks_x" });
  });

  it("refuses a missing, altered or foreign signature, and non-checkout URLs", () => {
    process.env.CHECKOUT_SIGNING_SECRET = "s3cret";
    const url = grantCheckoutUrl("ckg_test_1");
    expect(parseCheckoutUrl(url.replace("ckg_test_1", "ckg_test_2"))).toBeNull();
    expect(parseCheckoutUrl(url.split("?")[0])).toBeNull();
    expect(parseCheckoutUrl(url.slice(0, -1) + (url.endsWith("0") ? "1" : "0"))).toBeNull();
    process.env.CHECKOUT_SIGNING_SECRET = "other";
    expect(parseCheckoutUrl(url)).toBeNull();
    expect(verifyGrantSignature("ckg_test_1", "zz")).toBe(false);
    expect(parseCheckoutUrl("not a url")).toBeNull();
    expect(parseCheckoutUrl("http://x/link/abc")).toBeNull();
    expect(parseCheckoutUrl("http://x/checkout/g/%E0%A4%A?sig=00")).toBeNull();
    delete process.env.CHECKOUT_SIGNING_SECRET;
  });

  it("signs purchase ids (success and cancel URLs) under their own key; COINOP_SECRET wins over the old name", () => {
    process.env.COINOP_SECRET = "master-1";
    process.env.CHECKOUT_SIGNING_SECRET = "ignored";
    const sig = createHmac("sha256", keyOf("master-1", "checkout-purchase-url")).update("pur_1").digest("hex");
    expect(signId("pur_1")).toBe(sig);
    expect(successUrlPath("pur_1")).toBe(`/checkout/success/pur_1?sig=${sig}`);
    expect(cancelUrlPath("pur_1")).toBe(`/checkout/cancel/pur_1?sig=${sig}`);
    expect(verifyIdSignature("pur_1", sig)).toBe(true);
    // the same id signed for the other purpose opens nothing here, and the other way round
    expect(verifyIdSignature("pur_1", signGrantId("pur_1"))).toBe(false);
    expect(verifyGrantSignature("pur_1", sig)).toBe(false);
    delete process.env.COINOP_SECRET;
    delete process.env.CHECKOUT_SIGNING_SECRET;
  });
});

describe("the sandbox card processor", () => {
  const now = new Date("2026-06-15T00:00:00Z");
  it("4242… succeeds, 4000…0002 is declined, spaces allowed", () => {
    expect(sandboxCardOutcome({ number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" }, now)).toBe("succeeded");
    expect(sandboxCardOutcome({ number: "4000-0000-0000-0002" }, now)).toBe("declined");
  });
  it("any other number, a past expiry or a bad CVC is 400 CARD_INVALID naming the field", () => {
    const fieldOf = (card: Parameters<typeof sandboxCardOutcome>[0]) => {
      try {
        sandboxCardOutcome(card, now);
        return null;
      } catch (err) {
        const e = err as { code: string; status: number; details: { field: string }[] };
        return `${e.status} ${e.code} ${e.details[0].field}`;
      }
    };
    expect(fieldOf({ number: "4111111111111111" })).toBe("400 CARD_INVALID number");
    expect(fieldOf({ number: "4242424242424242", expiry: "05/26" })).toBe("400 CARD_INVALID expiry");
    expect(fieldOf({ number: "4242424242424242", expiry: "06/26" })).toBeNull();
    expect(fieldOf({ number: "4242424242424242", expiry: "13/30" })).toBe("400 CARD_INVALID expiry");
    expect(fieldOf({ number: "4242424242424242", cvc: "12" })).toBe("400 CARD_INVALID cvc");
  });
});
