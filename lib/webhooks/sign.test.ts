import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sign, signTimestamped, verifySignature, verifyTimestampedSignature } from "./sign.ts";

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

describe("signTimestamped / verifyTimestampedSignature", () => {
  const t = 1_800_000_000;
  const hmac = (key: string, at: number) => createHmac("sha256", key).update(`${at}.${body}`).digest("hex");

  it("signs `<t>.<body>` with each secret, current first", () => {
    expect(signTimestamped(body, t, [secret])).toBe(`t=${t},v1=${hmac(secret, t)}`);
    expect(signTimestamped(body, t, [secret, "whsec_old"])).toBe(`t=${t},v1=${hmac(secret, t)},v1=${hmac("whsec_old", t)}`);
  });

  it("accepts a fresh header signed with the secret, by either v1 during a rotation", () => {
    expect(verifyTimestampedSignature(body, secret, signTimestamped(body, t, [secret]), { nowSeconds: t + 10 })).toBe(true);
    const rotating = signTimestamped(body, t, ["whsec_new", secret]);
    expect(verifyTimestampedSignature(body, secret, rotating, { nowSeconds: t })).toBe(true);
    expect(verifyTimestampedSignature(body, "whsec_new", rotating, { nowSeconds: t })).toBe(true);
  });

  it("refuses a replay outside the tolerance, a moved timestamp, another body or secret, and junk", () => {
    const header = signTimestamped(body, t, [secret]);
    expect(verifyTimestampedSignature(body, secret, header, { nowSeconds: t + 301 })).toBe(false);
    expect(verifyTimestampedSignature(body, secret, header, { nowSeconds: t - 301 })).toBe(false);
    expect(verifyTimestampedSignature(body, secret, header, { nowSeconds: t + 10_000, toleranceSeconds: 0 })).toBe(true);
    // the attacker moves t forward to pass the tolerance: the HMAC no longer matches
    expect(verifyTimestampedSignature(body, secret, header.replace(`t=${t}`, `t=${t + 1000}`), { nowSeconds: t + 1000 })).toBe(false);
    expect(verifyTimestampedSignature(`${body} `, secret, header, { nowSeconds: t })).toBe(false);
    expect(verifyTimestampedSignature(body, "whsec_other", header, { nowSeconds: t })).toBe(false);
    for (const junk of [undefined, null, "", "t=", `v1=${hmac(secret, t)}`, `t=abc,v1=${hmac(secret, t)}`, `t=${t},v1=zz`]) {
      expect(verifyTimestampedSignature(body, secret, junk, { nowSeconds: t })).toBe(false);
    }
  });
});
