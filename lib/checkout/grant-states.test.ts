import { describe, expect, it } from "vitest";
import { canTransitionGrant, GRANT_TRANSITIONS, isGrantExpired } from "./grant-states";

describe("the checkout grant state table", () => {
  it("follows the spec: pending→claimed→completed, claimed→pending, pending→expired; completed and expired are final", () => {
    expect(Object.fromEntries(Object.entries(GRANT_TRANSITIONS).map(([a, t]) => [a, `${t.from.join("|")}→${t.to}`]))).toEqual({
      claim: "pending|claimed→claimed",
      release: "claimed→pending",
      complete: "claimed→completed",
      expire: "pending→expired",
    });
    for (const action of ["claim", "release", "complete", "expire"] as const) {
      expect(canTransitionGrant("completed", action)).toBe(false);
      expect(canTransitionGrant("expired", action)).toBe(false);
    }
  });

  it("a pending grant is expired once expiresAt has passed; a claimed one is not", () => {
    const now = new Date("2026-01-01T12:00:00Z");
    expect(isGrantExpired({ status: "pending", expiresAt: new Date("2026-01-01T12:00:00Z") }, now)).toBe(true);
    expect(isGrantExpired({ status: "pending", expiresAt: new Date("2026-01-01T12:00:01Z") }, now)).toBe(false);
    expect(isGrantExpired({ status: "claimed", expiresAt: new Date("2026-01-01T11:00:00Z") }, now)).toBe(false);
  });
});
