import { describe, expect, it } from "vitest";
import { readWalletToken, signWalletToken, verifyWalletToken } from "./wallet-link-token";

describe("wallet link tokens", () => {
  const claims = { g: "game1", e: "test", u: "gmu_test_x", x: Math.floor(Date.now() / 1000) + 60 };
  it("verifies a genuine token until it expires, and nothing else", () => {
    const token = signWalletToken(claims, "secret");
    expect(readWalletToken(token)).toEqual(claims);
    expect(verifyWalletToken(token, "secret")).toBe(true);
    expect(verifyWalletToken(token, "other")).toBe(false);
    expect(verifyWalletToken(token, "secret", (claims.x + 1) * 1000)).toBe(false);
    const [payload, sig] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...claims, u: "gmu_test_other" })).toString("base64url");
    expect(verifyWalletToken(`${forged}.${sig}`, "secret")).toBe(false);
    expect(verifyWalletToken(`${payload}.${sig.slice(1)}`, "secret")).toBe(false);
    expect(readWalletToken("nonsense")).toBeNull();
    expect(readWalletToken(`${payload}.${sig}.x`)).toBeNull();
  });
});
