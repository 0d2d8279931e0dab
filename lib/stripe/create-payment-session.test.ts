import { describe, expect, it } from "vitest";
import { stripeExpiresAt } from "./create-payment-session";

describe("stripeExpiresAt", () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  const s = (ms: number) => Math.floor(ms / 1000);
  it("is the object's own end when Stripe accepts it, else the nearest time Stripe accepts (31 minutes to 23 h 59 min)", () => {
    expect(stripeExpiresAt(new Date(now + 60 * 60_000), now)).toBe(s(now + 60 * 60_000));
    expect(stripeExpiresAt(new Date(now + 5 * 60_000), now)).toBe(s(now + 31 * 60_000));
    expect(stripeExpiresAt(new Date(now - 60_000), now)).toBe(s(now + 31 * 60_000));
    expect(stripeExpiresAt(new Date(now + 48 * 3_600_000), now)).toBe(s(now + 24 * 3_600_000 - 60_000));
  });
});
