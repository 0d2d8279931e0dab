import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sign, verifySignature } from "./sign.ts";

const secret = "whsec_test_0123456789";
const body = '{"event":"Purchases.Completed","data":{"amount":500},"timestamp":"2026-01-01T00:00:00.000Z"}';

describe("sign", () => {
  it("is the lowercase hex HMAC-SHA256 of the raw body keyed with the secret", () => {
    const expected = createHmac("sha256", secret).update(body).digest("hex");
    expect(sign(body, secret)).toBe(expected);
    expect(sign(body, secret)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("matches a known vector (RFC 4231 test case 2)", () => {
    expect(sign("what do ya want for nothing?", "Jefe")).toBe("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  });

  it("signs bytes and the same text identically", () => {
    expect(sign(Buffer.from(body, "utf8"), secret)).toBe(sign(body, secret));
  });
});

describe("verifySignature", () => {
  const header = sign(body, secret);

  it("accepts the right signature, in either case", () => {
    expect(verifySignature(body, secret, header)).toBe(true);
    expect(verifySignature(body, secret, header.toUpperCase())).toBe(true);
  });

  it("rejects a changed body, a wrong secret, a missing or malformed header", () => {
    expect(verifySignature(body.replace("500", "501"), secret, header)).toBe(false);
    expect(verifySignature(body, "whsec_other", header)).toBe(false);
    expect(verifySignature(body, secret, undefined)).toBe(false);
    expect(verifySignature(body, secret, "")).toBe(false);
    expect(verifySignature(body, secret, header.slice(0, 63))).toBe(false);
    expect(verifySignature(body, secret, `${header}00`)).toBe(false);
    expect(verifySignature(body, secret, `sha256=${header}`)).toBe(false);
  });

  it("rejects a re-serialized body: the signature covers the exact bytes", () => {
    const reserialized = JSON.stringify(JSON.parse(body), null, 2);
    expect(verifySignature(reserialized, secret, header)).toBe(false);
  });
});
