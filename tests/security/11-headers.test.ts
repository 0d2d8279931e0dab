// Finding 11 of issue 9, written as the attack: the hosted pages sent no Content-Security-Policy and no
// X-Frame-Options, so another site could load the checkout or the link approval in an invisible iframe
// and trick the player into clicking "Pay" or "Approve" (clickjacking). Rule: every hosted page sends a
// CSP with frame-ancestors 'none', X-Frame-Options: DENY, X-Content-Type-Options: nosniff and a
// Referrer-Policy (same-origin where the URL itself is a credential); API responses send nosniff.
//
// The rules are next.config.mjs `headers()`; they are matched here with Next.js's own path matcher, in
// order, as the server applies them (e2e/security-headers.spec.ts checks the built server and a framing page).
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "@/lib/http/security-headers.mjs";
import { headersFor, loadConfigRules } from "@/tests/support/next-pipeline";

const CREDENTIAL_PAGES = [
  "/checkout/g/ckg_test_1",
  "/checkout/r/cks_test_1",
  "/checkout/success/pur_1",
  "/checkout/cancel/pur_1",
  "/link/lks_test_abc",
  "/join/INVITE1",
  "/wallet/eyJnIjoiZyJ9.c2ln",
  "/invoice/pinv_test_1",
  "/fund/fds_test_1",
  `/gift/${"a".repeat(64)}`,
  "/business/connect/pls_test_1",
  "/account/verify/tok",
  "/account/reset/tok",
];
const OTHER_PAGES = ["/", "/docs", "/account", "/account/reset-password", "/dev/mail", "/dev/mail/abc"];

describe("the hosted pages' headers (next.config.mjs)", () => {
  it.each([...CREDENTIAL_PAGES, ...OTHER_PAGES])("%s cannot be framed and is not sniffed", async (page) => {
    const h = headersFor(await loadConfigRules(), page);
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["x-content-type-options"]).toBe("nosniff");
  });

  it("pages whose URL is a credential send no Referer to other sites; the others send only the origin", async () => {
    const rules = await loadConfigRules();
    for (const page of CREDENTIAL_PAGES) expect(headersFor(rules, page)["referrer-policy"], page).toBe("same-origin");
    for (const page of OTHER_PAGES) expect(headersFor(rules, page)["referrer-policy"], page).toBe("strict-origin-when-cross-origin");
  });

  it("only the theme editor's preview may be framed, and only by this site; the theme editor and other portal pages may not", async () => {
    const rules = await loadConfigRules();
    const preview = headersFor(rules, "/portal/biz_1/games/gam_1/theme/preview");
    expect(preview["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(preview["content-security-policy"]).not.toContain("frame-ancestors 'none'");
    expect(preview["x-frame-options"]).toBe("SAMEORIGIN");
    for (const page of [
      "/portal",
      "/portal/biz_1/games/gam_1/theme",
      "/portal/biz_1/games/gam_1",
      "/portal/biz_1/games/gam_1/theme/preview/x",
      "/portal/biz_1/campaigns",
    ]) {
      expect(headersFor(rules, page)["content-security-policy"], page).toContain("frame-ancestors 'none'");
      expect(headersFor(rules, page)["x-frame-options"], page).toBe("DENY");
    }
  });

  it("API responses and uploaded files are not sniffed either", async () => {
    const rules = await loadConfigRules();
    for (const p of ["/api/v1/game", "/api/v1/openapi.json", "/api/webhooks/stripe", "/uploads/abc.png"])
      expect(headersFor(rules, p)["x-content-type-options"], p).toBe("nosniff");
  });

  // The pages' nonce (proxy.ts replaces this policy with one carrying it) is tests/security/17-csp-nonce.test.ts.
  it("the policy: same-origin script files only (no inline, no eval outside `next dev`), no plugins, no <base> hijack", () => {
    const csp = contentSecurityPolicy();
    expect(csp.split("; ")).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "script-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "connect-src 'self'",
      ]),
    );
    expect(csp).not.toContain("unsafe-eval");
    expect(csp.split("; ").find((d) => d.startsWith("script-src"))).toBe("script-src 'self'");
    expect(contentSecurityPolicy({ dev: true })).toContain("script-src 'self' 'unsafe-eval'");
    expect(securityHeaders()).toEqual(securityHeaders({ dev: false }));
  });
});
