// Finding 1 of issue 26, written as the attack: a stranger with a free test account asks for a sign-up or
// password-reset mail with returnTo "/..//evil.example". The old check (a string pattern, then the URL's path)
// passed it, the path normalised to "//evil.example", and the genuine mail's page called
// window.location.assign("//evil.example") right after the person set a new password: an open redirect.
// Rule (docs/decisions/security.md): a return target is decided by parsing it against the app's own origin,
// after normalisation, and only a path that stays on that origin is kept: on the server where returnTo is
// accepted (and stored in the mailed token), and again in the browser before it navigates.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { requestResetAction, signUpAction } from "@/app/account/actions";
import { checkReturnTo } from "@/lib/auth/credentials";
import { sameOriginReturnPath } from "@/lib/core/return-to";
import { tokenHashOf } from "@/lib/auth/issue-email-token";
import { getDb } from "@/lib/db/client";
import { linkTokenIn, mailsTo, makePlayer, uniqueIp, uniquePlayerEmail } from "@/tests/support/players";
import { inRequest, serveAuth } from "@/tests/support/serve-auth";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

const ORIGIN = "http://localhost:3000";

/** Every way we know to name another origin, or a script, with something that looks like a path. */
const VECTORS = [
  "/..//evil.example",
  "/..//evil.example/phish?x=1",
  "/./..//evil.example",
  "/a/../..//evil.example",
  "/%2E%2E//evil.example",
  "/.%2E//evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/..\\/evil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%5C%5Cevil.example",
  "/%5Cevil.example",
  "/%252F%252Fevil.example",
  "//evil.example",
  "///evil.example",
  "https:evil.example",
  "https:/evil.example",
  "https://evil.example",
  "http://evil.example",
  "HTTPS://evil.example",
  "http://localhost:3000@evil.example/",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  "/\u0000/evil.example",
  " //evil.example",
  "/ /evil.example",
  "/\u3000/evil.example",
];

/** Where a browser on our origin would go with this target: its origin, as the browser resolves it. */
const landsOn = (target: string, base = `${ORIGIN}/account/reset/x`) => new URL(target, base).origin;

describe("checkReturnTo: one rule, by parsing against our origin", () => {
  it("keeps paths on this site, normalised", () => {
    expect(checkReturnTo("/link/lks_test_abc")).toBe("/link/lks_test_abc");
    expect(checkReturnTo("/checkout/g/123?sig=abc")).toBe("/checkout/g/123?sig=abc");
    expect(checkReturnTo("/link/a/../b")).toBe("/link/b");
    expect(checkReturnTo(`${ORIGIN}/link/lks_test_abc?x=1`)).toBe("/link/lks_test_abc?x=1");
  });

  it("refuses every vector, or keeps only a path that stays on our origin wherever it is resolved", () => {
    for (const vector of VECTORS) {
      const kept = checkReturnTo(vector);
      if (kept === null) continue;
      // what is kept is a path of ours: it starts with one slash, resolves to our origin from any page of ours and from
      // a foreign one (so it cannot be protocol-relative), and says the same once percent-decoded
      expect(kept, vector).toMatch(/^\/(?![/\\])/);
      expect(landsOn(kept), vector).toBe(ORIGIN);
      expect(landsOn(kept, "https://other.example/deep/page"), vector).toBe("https://other.example");
      expect(landsOn(decodeURIComponent(kept)), vector).toBe(ORIGIN);
      expect(
        [...kept].some((c) => c.charCodeAt(0) <= 0x20 || c === "\\" || /\s/.test(c)),
        vector,
      ).toBe(false);
    }
    // the finding itself, and its close cousins, are refused outright
    for (const vector of [
      "/..//evil.example",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "https:evil.example",
      "javascript:alert(1)",
      "/\t/evil.example",
      "/\n/evil.example",
    ])
      expect(checkReturnTo(vector), vector).toBeNull();
  });
});

describe("the browser's check before it navigates (the same function, with window.location.origin)", () => {
  it("on an https origin too, every vector is refused or stays on that origin", () => {
    const origin = "https://pay.example";
    for (const vector of VECTORS) {
      const kept = sameOriginReturnPath(vector, origin);
      if (kept !== null) {
        expect(new URL(kept, `${origin}/account/reset/x`).origin, vector).toBe(origin);
        expect(kept, vector).toMatch(/^\/(?![/\\])/);
      }
    }
    for (const vector of ["/..//evil.example", "/\\evil.example", "/%2F%2Fevil.example", "javascript:alert(1)", "/\t/evil.example", "/\n/evil.example"])
      expect(sameOriginReturnPath(vector, origin), vector).toBeNull();
    // "https:x" is a relative reference on an https origin: it names our own /x, nothing else
    expect(sameOriginReturnPath("https:evil.example", origin)).toBe("/evil.example");
    expect(sameOriginReturnPath("/link/lks_test_a?sig=b", origin)).toBe("/link/lks_test_a?sig=b");
    expect(sameOriginReturnPath(null, origin)).toBeNull();
  });
});

describe("through the actions that store and mail returnTo", () => {
  const submit = (action: typeof signUpAction, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return inRequest({ "x-forwarded-for": uniqueIp() }, () => action(form));
  };
  const storedReturnTo = async (email: string, kind: "verify" | "reset") => {
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const token = linkTokenIn(mails[0]!.text, kind);
    return (await getDb().emailToken.findUniqueOrThrow({ where: { tokenHash: tokenHashOf(token) } })).returnTo;
  };

  it("a password reset asked with returnTo /..//evil.example mails a genuine link that returns nowhere", async () => {
    const victim = await makePlayer({ password: "real-password" });
    expect(await submit(requestResetAction, { email: victim.email, returnTo: "/..//evil.example" })).toMatchObject({ ok: true, email: victim.email });
    expect(await storedReturnTo(victim.email, "reset")).toBeNull();
  });

  it("a sign-up asked with any vector stores no target that leaves the site; a real path is kept", async () => {
    for (const returnTo of ["/..//evil.example", "/\\evil.example", "/%2F%2Fevil.example", "https:evil.example", "javascript:alert(1)", "/\t/evil.example"]) {
      const email = uniquePlayerEmail("redirect");
      expect(await submit(signUpAction, { email, password: "chosen-password", returnTo })).toMatchObject({ ok: true, email });
      expect(await storedReturnTo(email, "verify"), returnTo).toBeNull();
    }
    const email = uniquePlayerEmail("redirect");
    await submit(signUpAction, { email, password: "chosen-password", returnTo: "/link/lks_test_ok?x=1" });
    expect(await storedReturnTo(email, "verify")).toBe("/link/lks_test_ok?x=1");
  });
});

describe("next-auth's callbackUrl, over HTTP", () => {
  let server: Awaited<ReturnType<typeof serveAuth>>;
  beforeAll(async () => {
    server = await serveAuth(authRoute as never);
  });
  afterAll(() => server.close());

  it("a sign-in with a foreign callbackUrl answers a URL on our own origin", async () => {
    const player = await makePlayer({ password: "real-password" });
    for (const callbackUrl of ["https://evil.example/x", "/..//evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const browser = server.browser({ ip: uniqueIp() });
      const res = await browser.signIn({ mode: "signin", email: player.email, password: "real-password", callbackUrl });
      expect(res).toMatchObject({ status: 200, signedIn: true });
      const url = browser.lastSignInUrl()!;
      // next-auth's base is NEXTAUTH_URL (lib/auth/auth-secret.ts): the app's public origin
      expect(new URL(url).origin, callbackUrl).toBe(new URL(process.env.NEXTAUTH_URL!).origin);
      expect(new URL(url).pathname, callbackUrl).not.toMatch(/^\/[/\\]/);
    }
  });
});
