import { createHmac, hkdfSync } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { readWalletToken, signWalletToken, verifyWalletToken } from "./wallet-link-token";

afterEach(() => {
  delete process.env.COINOP_SECRET;
});

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

  it("is keyed by the server's wallet-link key narrowed to the game's secret: the game's secret alone cannot mint one", () => {
    process.env.COINOP_SECRET = "wallet-test-master-secret-0123456789abcdef";
    const token = signWalletToken(claims, "whsec_game");
    const [payload, sig] = token.split(".");
    const key = hkdfSync("sha256", "wallet-test-master-secret-0123456789abcdef", "", "coinop:wallet-link:whsec_game", 32);
    expect(sig).toBe(createHmac("sha256", Buffer.from(key)).update(payload).digest("base64url"));
    // what a game could compute from its webhook secret (the old scheme) does not verify
    const minted = `${payload}.${createHmac("sha256", "wallet-link:whsec_game").update(payload).digest("base64url")}`;
    expect(verifyWalletToken(minted, "whsec_game")).toBe(false);
    // another master secret (another deployment) does not verify it either
    process.env.COINOP_SECRET = "another-master-secret-0123456789abcdef0000";
    expect(verifyWalletToken(token, "whsec_game")).toBe(false);
  });
});
