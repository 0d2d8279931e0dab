// securityHeadersFor answers what next.config.mjs's headers() rules give a path, also from its per-segment cache.
import { describe, expect, it } from "vitest";
import { securityHeaders } from "../http/security-headers.mjs";
import { securityHeadersFor } from "./dispatch";

/** The rules applied the slow way, as Next.js does: every source, in order, a later one overriding an earlier one. */
const reference = (pathname: string, dev = false) => {
  const out = new Map<string, [string, string]>();
  for (const r of securityHeaders({ dev })) {
    const re = new RegExp(
      `^${r.source
        .split(/(\/:[A-Za-z]+\*|:[A-Za-z]+)/)
        .map((p) => (p.startsWith("/:") && p.endsWith("*") ? "(?:/.*)?" : p.startsWith(":") ? "[^/]+" : p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("")}$`,
    );
    if (re.test(pathname)) for (const h of r.headers) out.set(h.key.toLowerCase(), [h.key, h.value]);
  }
  return [...out.values()];
};

const PATHS = [
  "/api/v1/game",
  "/api/v1/vc/credits",
  "/api/v1/platform/business/users/obu_test_1/wallet/balance",
  "/uploads",
  "/uploads/a/b.png",
  "/uploadsx/a",
  "/checkout/abc",
  "/checkout",
  "/portal/b1/games/g1/theme/preview",
  "/portal/b1/games/g1/theme",
  "/portal/b1/games",
  "/",
  "",
];

describe("securityHeadersFor", () => {
  it.each([false, true])("gives every path the headers of next.config.mjs's rules, on the first call and from the cache (dev %s)", (dev) => {
    const headersFor = securityHeadersFor(dev);
    for (let round = 0; round < 3; round++)
      for (const p of [...PATHS, ...PATHS.slice().reverse()]) expect(headersFor(p), `${p} (round ${round})`).toEqual(reference(p, dev));
  });

  it("an /api/v1 path gets the site-wide rule only: no frame, no sniffing, the API's CSP", () => {
    const h = Object.fromEntries(securityHeadersFor()("/api/v1/game").map(([k, v]) => [k.toLowerCase(), v]));
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});
