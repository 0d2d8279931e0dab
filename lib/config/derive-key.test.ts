import { hkdfSync } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { deriveKey, type KeyPurpose } from "./derive-key.ts";
import { sessionSecret } from "./session-secret.ts";

afterEach(() => {
  delete process.env.COINOP_SECRET;
  delete process.env.NEXTAUTH_SECRET;
});

describe("deriveKey", () => {
  it("is HKDF-SHA256 of the master secret with info coinop:<purpose>[:<context>], 32 bytes", () => {
    process.env.COINOP_SECRET = "m".repeat(40);
    expect(deriveKey("checkout-grant-url")).toEqual(Buffer.from(hkdfSync("sha256", "m".repeat(40), "", "coinop:checkout-grant-url", 32)));
    expect(deriveKey("wallet-link", "whsec_1")).toEqual(Buffer.from(hkdfSync("sha256", "m".repeat(40), "", "coinop:wallet-link:whsec_1", 32)));
  });

  it("gives every purpose and context its own key, and follows the master secret", () => {
    process.env.COINOP_SECRET = "m".repeat(40);
    const purposes: KeyPurpose[] = ["checkout-grant-url", "checkout-purchase-url", "wallet-link", "nextauth-session"];
    const keys = [
      ...purposes.map((p) => deriveKey(p).toString("hex")),
      deriveKey("wallet-link", "a").toString("hex"),
      deriveKey("wallet-link", "b").toString("hex"),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    const before = deriveKey("checkout-grant-url").toString("hex");
    process.env.COINOP_SECRET = "n".repeat(40);
    expect(deriveKey("checkout-grant-url").toString("hex")).not.toBe(before);
  });
});

describe("sessionSecret", () => {
  it("is NEXTAUTH_SECRET when set, else the nextauth-session key: the same in every process, not random", () => {
    process.env.COINOP_SECRET = "m".repeat(40);
    expect(sessionSecret()).toBe(Buffer.from(hkdfSync("sha256", "m".repeat(40), "", "coinop:nextauth-session", 32)).toString("base64url"));
    process.env.NEXTAUTH_SECRET = "explicit-session-secret-0123456789abcdef";
    expect(sessionSecret()).toBe("explicit-session-secret-0123456789abcdef");
  });
});
