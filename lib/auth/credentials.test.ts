import { describe, expect, it, vi } from "vitest";
import { EMAIL_MAX_LENGTH } from "@/lib/core/email";
import { checkEmail, checkName, checkNewPassword, checkReturnTo, PASSWORD_MAX_BYTES } from "./credentials";

const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return { message: (e as Error).message, details: (e as { details?: unknown }).details, status: (e as { status?: number }).status };
  }
  throw new Error("expected a refusal");
};

describe("checkEmail (lib/core/email.ts, the one email rule)", () => {
  it("normalizes, and says what to fix", () => {
    expect(checkEmail("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(fieldOf(() => checkEmail(" "))).toEqual({ message: "Enter your email address.", details: [{ field: "email", message: "required" }], status: 400 });
    expect(fieldOf(() => checkEmail("not-an-email"))).toMatchObject({
      message: "Enter a valid email address, like name@example.com.",
      details: [{ field: "email", message: "invalid" }],
    });
    expect(fieldOf(() => checkEmail("a@b."))).toMatchObject({ details: [{ field: "email", message: "invalid" }] });
    expect(fieldOf(() => checkEmail(42))).toMatchObject({ details: [{ field: "email", message: "required" }] });
  });

  it("refuses a huge value by its length: no pattern ever runs on more than EMAIL_MAX_LENGTH characters", () => {
    // 1 MB, the crafted string that made the old checkout regex backtrack, and one character over the cap
    const refused = [`${"a".repeat(1_000_000)}@x`, `a@${"a.".repeat(500_000)}@`, `${"a".repeat(EMAIL_MAX_LENGTH - 11)}@example.com`];
    // every RegExp method (test, match, replace, …) calls the pattern's `exec`: a spy on it sees each input a pattern ran on
    const exec = vi.spyOn(RegExp.prototype, "exec");
    let details: unknown[] = [];
    let valid = "";
    let ranOn: number[] = [];
    try {
      details = refused.map((email) => fieldOf(() => checkEmail(email)).details);
      valid = checkEmail("Ada@Example.com");
      ranOn = exec.mock.calls.map(([input]) => String(input).length);
    } finally {
      exec.mockRestore();
    }
    expect(details).toEqual(refused.map(() => [{ field: "email", message: "invalid" }]));
    expect(valid).toBe("ada@example.com");
    // the valid email went through the pattern (the spy sees it), and no pattern ever saw more than the cap
    expect(ranOn.length).toBeGreaterThan(0);
    expect(Math.max(...ranOn)).toBeLessThanOrEqual(EMAIL_MAX_LENGTH);
  });
});

describe("checkNewPassword and checkName", () => {
  it("bounds the password between 8 characters and PASSWORD_MAX_BYTES bytes", () => {
    expect(checkNewPassword("12345678")).toBe("12345678");
    expect(fieldOf(() => checkNewPassword("1234567"))).toMatchObject({
      message: "Password must be at least 8 characters.",
      details: [{ field: "password", message: "too short" }],
    });
    expect(checkNewPassword("x".repeat(PASSWORD_MAX_BYTES))).toHaveLength(128);
    expect(fieldOf(() => checkNewPassword("x".repeat(PASSWORD_MAX_BYTES + 1)))).toMatchObject({ details: [{ field: "password", message: "too long" }] });
    // bytes, not characters: 43 three-byte letters are 129 bytes
    expect(fieldOf(() => checkNewPassword("€".repeat(43))).details).toEqual([{ field: "password", message: "too long" }]);
  });

  it("trims the name and caps it at 80", () => {
    expect(checkName(" Ada ")).toBe("Ada");
    expect(checkName("  ")).toBeUndefined();
    expect(fieldOf(() => checkName("n".repeat(81))).details).toEqual([{ field: "name", message: "too long" }]);
  });
});

describe("checkReturnTo", () => {
  it("keeps a path on this site, with its query", () => {
    expect(checkReturnTo("/link/lks_test_abc")).toBe("/link/lks_test_abc");
    expect(checkReturnTo("/checkout/g/123?sig=abc")).toBe("/checkout/g/123?sig=abc");
    // parsed against our origin: a relative path is one of ours (tests/security/13-open-redirect.test.ts has every vector)
    expect(checkReturnTo("link/x")).toBe("/link/x");
  });

  it("drops anything that could leave the site: other origins, protocol-relative and backslash paths", () => {
    for (const bad of [
      "https://evil.example/x",
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "/..//evil.example",
      "",
      "/ x",
      `/${"a".repeat(3000)}`,
      42,
      null,
    ])
      expect(checkReturnTo(bad)).toBeNull();
  });
});
