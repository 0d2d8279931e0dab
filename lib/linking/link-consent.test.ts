import { describe, expect, it } from "vitest";
import { AppError } from "../core/errors.ts";
import { approvalFields, hasLinkConsent, LINK_CONSENT_SCOPES, NO_APPROVAL, requireLinkConsent } from "./link-consent.ts";

const at = new Date("2026-11-23T10:00:00Z");
const link = (over: { approvedAt?: Date | null; approvalScopes?: string[] } = {}) => ({
  userRef: "gmu_test_abc",
  approvedAt: null,
  approvalScopes: [],
  ...over,
});

describe("link consent", () => {
  it("an approval on the hosted page covers reading the wallet and spending USDC and VC, from that session", () => {
    expect(LINK_CONSENT_SCOPES).toEqual(["balance:read", "wallet:spend", "vc:spend"]);
    expect(approvalFields({ sessionId: "ses_1", at })).toEqual({
      approvedAt: at,
      approvedSessionId: "ses_1",
      approvalScopes: ["balance:read", "wallet:spend", "vc:spend"],
    });
    expect(NO_APPROVAL).toEqual({ approvedAt: null, approvedSessionId: null, approvalScopes: [] });
  });

  it("allows exactly what an approved link's scopes name", () => {
    const approved = link(approvalFields({ sessionId: "ses_1", at }));
    for (const scope of LINK_CONSENT_SCOPES) {
      expect(hasLinkConsent(approved, scope)).toBe(true);
      expect(requireLinkConsent(approved, scope)).toBe(approved);
    }
    const readOnly = link({ approvedAt: at, approvalScopes: ["balance:read"] });
    expect(LINK_CONSENT_SCOPES.map((s) => hasLinkConsent(readOnly, s))).toEqual([true, false, false]);
  });

  it("refuses a link made from an email alone, and scopes without an approval time, with 403 LINK_NOT_APPROVED saying what to do", () => {
    for (const unapproved of [link(), link({ approvalScopes: [...LINK_CONSENT_SCOPES] }), link({ approvedAt: at, approvalScopes: [] })]) {
      for (const scope of LINK_CONSENT_SCOPES) {
        expect(hasLinkConsent(unapproved, scope)).toBe(false);
        let thrown: unknown;
        try {
          requireLinkConsent(unapproved, scope);
        } catch (err) {
          thrown = err;
        }
        expect(thrown).toBeInstanceOf(AppError);
        expect(thrown).toMatchObject({ code: "LINK_NOT_APPROVED", status: 403 });
        const message = (thrown as AppError).message;
        expect(message).toContain('"gmu_test_abc"');
        expect(message).toContain(`(${scope})`);
        expect(message).toContain("POST /v1/users/link/initiate");
      }
    }
    expect(() => requireLinkConsent(link(), "wallet:spend")).toThrow(/has not approved this game to spend from their wallet/);
    expect(() => requireLinkConsent(link(), "vc:spend")).toThrow(/to spend their virtual currency/);
    expect(() => requireLinkConsent(link(), "balance:read")).toThrow(/to see their wallet balance and history/);
  });
});
