import { describe, expect, it } from "vitest";
import { canTransition, effectiveState, isReusable, LINK_SESSION_STATES, LINK_SESSION_TRANSITIONS, type LinkSessionAction } from "./link-session-states.ts";

const now = new Date("2026-01-01T12:00:00Z");
const future = new Date("2026-01-02T12:00:00Z");
const past = new Date("2026-01-01T11:59:59Z");

describe("link session state table", () => {
  it("only a pending session may be approved, canceled, failed or expired; only an approved one unlinked", () => {
    const allowed = (action: LinkSessionAction) => LINK_SESSION_STATES.filter((state) => canTransition({ state, expiresAt: future }, action, now));
    expect(allowed("approve")).toEqual(["pending"]);
    expect(allowed("cancel")).toEqual(["pending"]);
    expect(allowed("fail")).toEqual(["pending"]);
    expect(allowed("expire")).toEqual(["pending"]);
    expect(allowed("unlink")).toEqual(["approved"]);
  });

  it("an overdue pending session can only expire, and reads as expired", () => {
    const overdue = { state: "pending", expiresAt: past };
    expect(canTransition(overdue, "approve", now)).toBe(false);
    expect(canTransition(overdue, "cancel", now)).toBe(false);
    expect(canTransition(overdue, "fail", now)).toBe(false);
    expect(canTransition(overdue, "expire", now)).toBe(true);
    expect(effectiveState(overdue, now)).toBe("expired");
    expect(effectiveState({ state: "pending", expiresAt: now }, now)).toBe("expired");
    expect(effectiveState({ state: "approved", expiresAt: past }, now)).toBe("approved");
  });

  it("a repeat initiation reuses only a pending, unexpired session", () => {
    expect(isReusable({ state: "pending", expiresAt: future }, now)).toBe(true);
    expect(isReusable({ state: "pending", expiresAt: past }, now)).toBe(false);
    for (const state of ["approved", "canceled", "failed", "expired", "unlinked"]) expect(isReusable({ state, expiresAt: future }, now)).toBe(false);
  });

  it("each transition emits the spec's event, except expiry", () => {
    expect(Object.fromEntries(Object.entries(LINK_SESSION_TRANSITIONS).map(([a, t]) => [a, t.event]))).toEqual({
      approve: "User.Account.Link.Succeeded",
      cancel: "User.Account.Link.Canceled",
      fail: "User.Account.Link.Failed",
      expire: null,
      unlink: "User.Account.Link.Removed",
    });
  });
});
