// What Next.js does with a request's and a response's headers around a handler, built from Next's own
// matchers, for tests that check headers over HTTP without a production build (`next build` comes after
// the test suite in CI; the e2e specs check the built server):
// 1. next.config.mjs `headers()`: every rule whose source matches, in order, a later one winning;
// 2. proxy.ts, when its `config.matcher` matches (path and has/missing): its response headers replace
//    those of 1., and the request headers it sets (`NextResponse.next({ request: { headers } })`) are what
//    the handler, and Next's page renderer, read;
// 3. the handler's response: a header already set by 1. or 2. is kept, the handler's is dropped
//    (next/dist/server/send-response.js appends a header only when it is absent).
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as pageStaticInfo from "next/dist/build/analysis/get-page-static-info";
import { modifyRouteRegex } from "next/dist/lib/redirect-status";
import { getMiddlewareRouteMatcher } from "next/dist/shared/lib/router/utils/middleware-route-matcher";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { NextRequest } from "next/server";
import { expect } from "vitest";
import { config as proxyConfig, proxy } from "../../proxy.tsx";

export type HeaderRule = { source: string; headers: { key: string; value: string }[] };

/** next.config.mjs `headers()`, as the server loads it. */
export const loadConfigRules = async (): Promise<HeaderRule[]> => {
  const file = pathToFileURL(path.resolve("next.config.mjs")).href;
  const config = (await import(/* @vite-ignore */ file)).default as { headers?: () => Promise<HeaderRule[]> };
  expect(typeof config.headers).toBe("function");
  return config.headers!();
};

/**
 * The headers Next.js adds to a response for `pathname`: every matching rule in order, a later one winning.
 * Each source is compiled as next/dist/server/lib/router-utils/filesystem.js `buildCustomRoute` does.
 */
export const headersFor = (rules: HeaderRule[], pathname: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const rule of rules)
    if (getPathMatch(rule.source, { strict: true, removeUnnamedParams: true, regexModifier: (re) => modifyRouteRegex(re) })(pathname))
      for (const h of rule.headers) out[h.key.toLowerCase()] = h.value;
  return out;
};

// How Next.js compiles a proxy's `config.matcher` at build time (exported by the module, absent from its types).
const { getMiddlewareMatchers } = pageStaticInfo as unknown as {
  getMiddlewareMatchers: (matcher: unknown, config: { i18n?: undefined }) => Parameters<typeof getMiddlewareRouteMatcher>[0];
};
const proxyMatches = getMiddlewareRouteMatcher(getMiddlewareMatchers(proxyConfig.matcher, {}));

/** Whether Next.js runs proxy.ts for a request to `pathname` with these headers (its `config.matcher`). */
export const proxyRunsFor = (pathname: string, headers: Record<string, string> = {}): boolean => proxyMatches(pathname, { headers, cookies: {} } as never, {});

export type PipelineHandler = (req: Request) => Promise<Response>;

/**
 * Serves `route(pathname)`'s handler over HTTP on 127.0.0.1 through steps 1-3; a path without a handler
 * answers 200 with an empty body after the same steps (the headers a page gets before it renders), and
 * the response carries `x-test-forwarded-csp`: the request's Content-Security-Policy the renderer reads.
 */
export const serveThroughNext = async (route: (pathname: string) => PipelineHandler | undefined) => {
  const rules = await loadConfigRules();
  const toHeaders = (req: IncomingMessage) => {
    const h = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(", ") : v);
    return h;
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
      const out = new Map<string, string>(Object.entries(headersFor(rules, url.pathname)));
      let requestHeaders = toHeaders(req);
      if (proxyRunsFor(url.pathname, Object.fromEntries(requestHeaders))) {
        const answer = await proxy(new NextRequest(url, { method: req.method, headers: requestHeaders }));
        if (!answer.headers.has("x-middleware-next")) {
          res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
          return;
        }
        const overridden = answer.headers.get("x-middleware-override-headers");
        if (overridden !== null) {
          const next = new Headers();
          for (const key of overridden.split(",").filter(Boolean)) {
            const value = answer.headers.get(`x-middleware-request-${key}`);
            if (value !== null) next.set(key, value);
          }
          requestHeaders = next;
        }
        for (const [k, v] of answer.headers) if (!k.startsWith("x-middleware-")) out.set(k, v);
      }
      const handler = route(url.pathname);
      const response = handler ? await handler(new Request(url, { method: req.method, headers: requestHeaders })) : new Response("");
      for (const [k, v] of response.headers) if (!out.has(k)) out.set(k, v);
      if (!handler) out.set("x-test-forwarded-csp", requestHeaders.get("content-security-policy") ?? "");
      res.writeHead(response.status, Object.fromEntries(out)).end(Buffer.from(await response.arrayBuffer()));
    })().catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { base, close };
};
