// Serves the hosted sign-in endpoints (/api/auth/*: next-auth and its credentials provider) over real HTTP
// on 127.0.0.1, so a test signs in as a browser does: fetch the CSRF token, POST the credentials form, keep
// the cookies. next-auth's App Router handler reads the request's headers and cookies through
// `next/headers`, which only works inside Next's request scope; here that module answers from the request
// being served (an AsyncLocalStorage), which is all Next itself would give it.
import { AsyncLocalStorage } from "node:async_hooks";
import { createServer, type IncomingMessage } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";

const scope = new AsyncLocalStorage<Headers>();

const cookiesOf = (headers: Headers | undefined) =>
  (headers?.get("cookie") ?? "")
    .split(/;\s*/)
    .filter(Boolean)
    .map((c) => {
      const i = c.indexOf("=");
      return { name: c.slice(0, i), value: decodeURIComponent(c.slice(i + 1)) };
    });

/**
 * `next/headers` answering from the request being served. next-auth loads it with require() (patched
 * below); a test file whose code imports it (a server action) adds
 * `vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders)`.
 */
export const nextHeaders = {
  headers: async () => scope.getStore() ?? new Headers(),
  cookies: async () => ({ getAll: () => cookiesOf(scope.getStore()) }),
};

const requireHere = createRequire(import.meta.url);
const nextHeadersPath = createRequire(requireHere.resolve("next-auth")).resolve("next/headers");
requireHere.cache[nextHeadersPath] = { id: nextHeadersPath, filename: nextHeadersPath, loaded: true, exports: nextHeaders } as unknown as NodeJS.Module;

/**
 * Runs `fn` as if inside a request with these headers (its cookies included): what server components and
 * server actions see through `next/headers` (getSignedInPlayer, the sign-up action's client address).
 */
export const inRequest = <T>(headers: Record<string, string>, fn: () => Promise<T>): Promise<T> => scope.run(new Headers(headers), fn);

type Handler = (req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

const toRequest = (req: IncomingMessage, url: URL): NextRequest => {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new NextRequest(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    ...(hasBody ? { duplex: "half" } : {}),
  } as never);
};

export type SignInResult = { status: number; error: string | null; retryAfter: string | null; signedIn: boolean };

/** Starts the server over the route module's GET and POST; `browser()` is one visitor with its own cookies. */
export const serveAuth = async (route: { GET: Handler; POST: Handler }) => {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`);
    const nextauth = url.pathname
      .replace(/^\/api\/auth\/?/, "")
      .split("/")
      .filter(Boolean);
    const handler = req.method === "POST" ? route.POST : route.GET;
    const request = toRequest(req, url);
    scope
      .run(request.headers, () => handler(request, { params: Promise.resolve({ nextauth }) }))
      .then(async (response) => {
        const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
        if (response.headers.getSetCookie().length) headers["set-cookie"] = response.headers.getSetCookie();
        res.writeHead(response.status, headers);
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth`;

  /** A visitor: a cookie jar, and the requests next-auth's browser client makes. */
  const browser = ({ ip = "203.0.113.1" }: { ip?: string } = {}) => {
    const jar = new Map<string, string>();
    let lastUrl: string | null = null;
    const cookie = () => [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair = ""] = c.split(";");
        const i = pair.indexOf("=");
        const value = decodeURIComponent(pair.slice(i + 1));
        if (value === "" || /max-age=0/i.test(c)) jar.delete(pair.slice(0, i));
        else jar.set(pair.slice(0, i), value);
      }
    };
    const get = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { cookie: cookie(), "x-forwarded-for": ip } });
      keep(res);
      return res;
    };
    /** What `signIn("player-credentials", { redirect: false, ...fields })` does in the browser (a `callbackUrl` field replaces the default). */
    const signIn = async (fields: Record<string, string>): Promise<SignInResult> => {
      const { csrfToken } = (await (await get("/csrf")).json()) as { csrfToken: string };
      const res = await fetch(`${base}/callback/player-credentials`, {
        method: "POST",
        headers: { cookie: cookie(), "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
        body: new URLSearchParams({ callbackUrl: "http://localhost:3000/", ...fields, csrfToken, json: "true" }),
      });
      keep(res);
      const body = (await res.json()) as { url?: string };
      lastUrl = body.url ?? null;
      const error = body.url ? new URL(body.url).searchParams.get("error") : null;
      return {
        status: res.status,
        error,
        retryAfter: res.headers.get("retry-after"),
        signedIn: [...jar.keys()].some((k) => k.endsWith("next-auth.session-token")),
      };
    };
    /** The session next-auth reports for this visitor's cookies (GET /api/auth/session). */
    const session = async () => (await (await get("/session")).json()) as { playerId?: string; user?: { email?: string } };
    /** This visitor's request headers (cookies, address), for `inRequest`. */
    const headers = () => ({ cookie: cookie(), "x-forwarded-for": ip });
    /** The `url` next-auth answered the last sign-in with (where its client would navigate). */
    const lastSignInUrl = () => lastUrl;
    return { signIn, session, headers, cookies: jar, lastSignInUrl };
  };
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { base, browser, close };
};
