// Findings 9 and 10 of issue 26, written as the attacks:
// - 10: the pages' Content-Security-Policy allowed 'unsafe-inline' scripts, so markup injected into a page
//   (a tenant's name, a product's description rendered unescaped by some future bug) could run script.
//   Rule: a page's script-src has no 'unsafe-inline' but a nonce, fresh per request ('strict-dynamic' for
//   the scripts those load), and the scripts the server writes carry that nonce: Next.js reads it from the
//   request's policy (set by proxy.ts), the /docs route from the same header.
// - 9: GET /uploads/<name> sends `default-src 'none'`, but the global policy of next.config.mjs `headers()`
//   replaced it (Next keeps a headers() value over a route handler's), so an uploaded file (an image that a
//   browser might sniff or render as a document) got the page policy. Rule: the upload's own policy reaches the client.
//
// Over HTTP through the headers pipeline Next.js applies (tests/support/next-pipeline.ts: next.config.mjs
// rules, proxy.ts with its matcher, then the handler), with the real /docs and /uploads route handlers. The
// pages' own script tags are checked against the built server in e2e/csp.spec.ts (Next renders them).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getScriptNonceFromHeader } from "next/dist/server/app-render/get-script-nonce-from-header";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getDocs } from "@/app/docs/route";
import { GET as getUpload } from "@/app/uploads/[...path]/route";
import { storeImage } from "@/lib/uploads/store-image";
import { PNG_1X1 } from "@/tests/support/products";
import { proxyRunsFor, serveThroughNext, type PipelineHandler } from "@/tests/support/next-pipeline";

const dir = mkdtempSync(path.join(tmpdir(), "coinop-csp-"));
const savedUploadDir = process.env.UPLOAD_DIR;

const routes = (pathname: string): PipelineHandler | undefined => {
  if (pathname === "/docs") return (req) => getDocs(req);
  const upload = /^\/uploads\/(.+)$/.exec(pathname);
  if (upload) return (req) => getUpload(req, { params: Promise.resolve({ path: upload[1].split("/") }) });
  return undefined;
};

let server: Awaited<ReturnType<typeof serveThroughNext>>;
beforeAll(async () => {
  process.env.UPLOAD_DIR = dir;
  server = await serveThroughNext(routes);
});
afterAll(async () => {
  process.env.UPLOAD_DIR = savedUploadDir;
  await server.close();
});

const directive = (policy: string, name: string) =>
  policy
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? "";

const nonceIn = (policy: string) => /'nonce-([^']+)'/.exec(directive(policy, "script-src"))?.[1];

const PAGES = [
  "/",
  "/checkout/g/ckg_test_1",
  "/checkout/r/cks_test_1",
  "/link/lks_test_abc",
  "/wallet/eyJnIjoiZyJ9.c2ln",
  "/portal",
  "/portal/biz_1/games/gam_1/theme/preview",
  "/account/reset/tok",
  "/docs",
];

describe("the pages' Content-Security-Policy (finding 10)", () => {
  it.each(PAGES)("%s: no 'unsafe-inline' script, a nonce that changes with every request", async (page) => {
    const first = await fetch(server.base + page);
    const second = await fetch(server.base + page);
    const policy = first.headers.get("content-security-policy") ?? "";
    expect(directive(policy, "script-src")).not.toContain("'unsafe-inline'");
    expect(directive(policy, "script-src")).not.toContain("'unsafe-eval'");
    const nonce = nonceIn(policy);
    expect(nonce, policy).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(directive(policy, "script-src")).toContain("'strict-dynamic'");
    const again = nonceIn(second.headers.get("content-security-policy") ?? "");
    expect(again).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(again).not.toBe(nonce);
    // the rest of the policy is kept
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain(page.endsWith("/theme/preview") ? "frame-ancestors 'self'" : "frame-ancestors 'none'");
    if (page !== "/docs") {
      // the request's policy, where Next.js's renderer takes the nonce for its scripts (with its own parser)
      const forwarded = first.headers.get("x-test-forwarded-csp") ?? "";
      expect(forwarded).toBe(policy);
      expect(getScriptNonceFromHeader(forwarded)).toBe(nonce);
    }
    await second.arrayBuffer();
  });

  it("/docs: every script tag carries the nonce of the response's policy, and no other script is on the page", async () => {
    const res = await fetch(server.base + "/docs");
    expect(res.status).toBe(200);
    const nonce = nonceIn(res.headers.get("content-security-policy") ?? "");
    expect(nonce).toBeDefined();
    const html = await res.text();
    const tags = html.match(/<script\b[^>]*>/gi) ?? [];
    expect(tags.length).toBe(3); // Scalar's bundle, its configuration, the label script
    for (const tag of tags) expect(tag).toContain(` nonce="${nonce}"`);
    expect(html).toContain(`<script src="/docs/scalar.js?v=`);
    expect(html).toContain('aria-label", "Copy code"');
  });

  it("a router prefetch and the API skip the proxy, and keep a policy without 'unsafe-inline'", async () => {
    expect(proxyRunsFor("/checkout/g/ckg_test_1", { "next-router-prefetch": "1" })).toBe(false);
    expect(proxyRunsFor("/checkout/g/ckg_test_1")).toBe(true);
    expect(proxyRunsFor("/")).toBe(true);
    for (const p of ["/uploads/abc.png", "/_next/static/chunks/a.js", "/docs/scalar.js", "/favicon.svg"]) expect(proxyRunsFor(p), p).toBe(false);
    for (const p of ["/api/v1/game", "/checkout/g/ckg_test_1"]) {
      const res = await fetch(server.base + p, { headers: p.startsWith("/api") ? {} : { "next-router-prefetch": "1" } });
      const policy = res.headers.get("content-security-policy") ?? "";
      expect(directive(policy, "script-src"), p).toBe("script-src 'self'");
      await res.arrayBuffer();
    }
  });
});

describe("an uploaded file's own policy (finding 9)", () => {
  it("GET /uploads/<name> answers with default-src 'none', not the pages' policy", async () => {
    const form = new FormData();
    form.set("f", new Blob([PNG_1X1]), "a.png");
    const { name } = await storeImage(form);
    const res = await fetch(`${server.base}/uploads/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG_1X1);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("an unknown upload (404) gets the same policy", async () => {
    const res = await fetch(`${server.base}/uploads/0123456789abcdef0123456789abcdef.png`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'");
    await res.arrayBuffer();
  });
});
