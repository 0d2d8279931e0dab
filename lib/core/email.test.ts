import { describe, expect, it } from "vitest";
import { EMAIL_MAX_LENGTH, EmailSchema, isEmail, parseEmail } from "./email.ts";

describe("the one email rule", () => {
  it.each(["a@b.co", "first.last+tag@sub.example.com", "x@y.z"])("accepts %s", (e) => expect(isEmail(e)).toBe(true));
  it.each(["", "a", "a@b", "a@.com", "a@b.", "a b@c.de", "a@b@c.de", "@b.co", "a@b..co"])("refuses %j", (e) => expect(isEmail(e)).toBe(false));

  it("normalizes case and spaces", () => expect(parseEmail("  Name@Example.COM ")).toBe("name@example.com"));

  it("refuses over-long values by length, before any pattern", () => {
    const long = `${"a".repeat(EMAIL_MAX_LENGTH)}@x.io`;
    expect(parseEmail(long)).toBeNull();
    expect(parseEmail("a".repeat(1_000_000))).toBeNull();
    expect(parseEmail(42)).toBeNull();
  });

  it("the API schema gives one message for an over-long value", () => {
    const r = EmailSchema.safeParse(`${"a".repeat(1_000_000)}@x.io`);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toEqual([`must be at most ${EMAIL_MAX_LENGTH} characters`]);
    expect(EmailSchema.parse(" A@B.co ")).toBe("A@B.co");
  });
});
