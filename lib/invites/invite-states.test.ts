import { describe, expect, it } from "vitest";
import { ACTION_TO, canTransitionInvite, INVITE_TRANSITIONS, inviteRefusal } from "./invite-states.ts";
import { newInviteCode } from "./invite-code.ts";

const now = new Date("2030-01-01T00:00:00Z");
const invite = (over: Partial<{ status: string; maxUses: number | null; currentUses: number; expiresAt: Date | null }> = {}) => ({
  status: "active",
  maxUses: null,
  currentUses: 0,
  expiresAt: null,
  ...over,
});

describe("link invite state table", () => {
  it("follows game-api.md: active ↔ paused, active or paused → revoked, nothing leaves revoked", () => {
    expect(INVITE_TRANSITIONS).toEqual({
      pause: { from: ["active"], to: "paused" },
      resume: { from: ["paused"], to: "active" },
      revoke: { from: ["active", "paused"], to: "revoked" },
    });
    expect(ACTION_TO).toEqual({ paused: "pause", active: "resume" });
    expect(["pause", "resume", "revoke"].map((a) => canTransitionInvite("revoked", a as "pause"))).toEqual([false, false, false]);
    expect(canTransitionInvite("active", "resume")).toBe(false);
    expect(canTransitionInvite("paused", "pause")).toBe(false);
  });

  it("refuses revoked (410), paused (409), expired (410), used up (409), in that order; null when usable", () => {
    const refusal = (i: ReturnType<typeof invite>) => {
      const r = inviteRefusal(i, now);
      return r && [r.code, r.status];
    };
    expect(refusal(invite())).toBeNull();
    expect(refusal(invite({ maxUses: 2, currentUses: 1, expiresAt: new Date(now.getTime() + 1) }))).toBeNull();
    expect(refusal(invite({ status: "revoked", maxUses: 1, currentUses: 1 }))).toEqual(["INVITE_REVOKED", 410]);
    expect(refusal(invite({ status: "paused", expiresAt: now }))).toEqual(["INVITE_PAUSED", 409]);
    expect(refusal(invite({ expiresAt: now, maxUses: 1, currentUses: 1 }))).toEqual(["INVITE_EXPIRED", 410]);
    expect(refusal(invite({ maxUses: 2, currentUses: 2 }))).toEqual(["INVITE_USED_UP", 409]);
    expect(inviteRefusal(invite({ status: "paused" }), now)?.message).toBe("This invite link has been paused by its owner. Try again later.");
  });
});

describe("newInviteCode", () => {
  it("is inv_ (inv_test_ in test) + 24 base62 characters, and random", () => {
    expect(newInviteCode("live")).toMatch(/^inv_[0-9A-Za-z]{24}$/);
    expect(newInviteCode("test")).toMatch(/^inv_test_[0-9A-Za-z]{24}$/);
    const codes = new Set(Array.from({ length: 1000 }, () => newInviteCode("live")));
    expect(codes.size).toBe(1000);
    const chars = new Set([...codes].join("").replace(/^inv_/g, ""));
    expect(chars.size).toBeGreaterThan(55);
  });
});
