// The /api/v1 dispatch of the web process (`npm start` and `npm run dev`), over real HTTP: a node:http server
// with the dispatcher in front of a stand-in for Next.js (answers 418 "next"), the real route table plus two
// test routes declared with route(). Checked: the JSON 405 with Allow, the JSON 404, HEAD and OPTIONS, the
// security headers of next.config.mjs, the kernel's body caps over the streamed body (chunked and by
// Content-Length), Next.js's precedence and param decoding, and what is left to Next.js.
import { appBaseUrl } from "@/lib/config/settings";
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { route } from "@/lib/http/route";
import { contentSecurityPolicy } from "@/lib/http/security-headers.mjs";
import { makeGame } from "@/tests/support/fixtures";
import { createApiDispatcher } from "./api-dispatch";
import { entriesOf, listRouteFiles, loadRouteEntries, loadRouteTable, routeTableOf } from "./route-table";

const notes = route({
  method: "POST",
  path: "/v1/__dispatch/notes/{id}",
  summary: "test",
  tags: ["test"],
  auth: "server",
  idempotency: "none",
  params: z.object({ id: z.string() }),
  body: z.object({ note: z.string() }),
  response: { status: 201 },
  handler: async ({ params, body }) => ({ id: params.id, length: body.note.length }),
});
const special = route({
  method: "GET",
  path: "/v1/__dispatch/notes/special",
  summary: "test",
  tags: ["test"],
  auth: "server",
  idempotency: "none",
  response: { status: 200 },
  handler: async () => ({ special: true }),
});

let port: number;
let server: http.Server;
let game: Awaited<ReturnType<typeof makeGame>>;

beforeAll(async () => {
  game = await makeGame();
  // the real routes, loaded as loadRouteTable() loads them, and two of this test
  const table = routeTableOf([...(await loadRouteEntries()), ...entriesOf({ POST: notes }, ""), ...entriesOf({ GET: special }, "")]);
  const api = await createApiDispatcher({ port: 3000, table });
  server = http.createServer((req, res) => {
    if (!api.handle(req, res)) res.writeHead(418).end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));

const call = (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${port}${path}`, init);

const expectSecurityHeaders = (res: Response) => {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("content-security-policy")).toBe(contentSecurityPolicy());
};

/** A POST of `total` bytes, chunked or after a Content-Length; returns the answer's status line, headers and body, and how much was sent. */
const flood = async (
  path: string,
  { headers = {}, contentLength, total = 20_000_000 }: { headers?: Record<string, string>; contentLength?: number; total?: number },
) => {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let closed = false;
  let received = "";
  socket.on("error", () => (closed = true));
  socket.on("close", () => (closed = true));
  socket.on("data", (d) => (received += d.toString()));
  const chunked = contentLength === undefined;
  const head = [
    `POST ${path} HTTP/1.1`,
    "Host: 127.0.0.1",
    "Content-Type: application/json",
    chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${contentLength}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.write(head.join("\r\n") + "\r\n\r\n");
  const piece = Buffer.alloc(64 * 1024, 0x61);
  let written = 0;
  const started = Date.now();
  while (written < total && !closed && Date.now() - started < 20_000) {
    const frame = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]) : piece;
    if (!socket.write(frame))
      await new Promise<void>((resolve) => {
        const done = () => (socket.off("drain", done), socket.off("close", done), resolve());
        socket.once("drain", done);
        socket.once("close", done);
      });
    written += piece.length;
  }
  for (let i = 0; i < 100 && !closed; i++) await new Promise((r) => setTimeout(r, 20));
  socket.destroy();
  const [headText, body] = received.split("\r\n\r\n");
  return { status: Number(headText.split(" ")[1]), head: headText.toLowerCase(), body: JSON.parse(body) as Record<string, unknown>, written };
};

describe("direct /api/v1 dispatch", () => {
  it("answers a method the route does not serve with the JSON 405 and Allow", async () => {
    const res = await call("/api/v1/game", { method: "POST", headers: { "x-request-id": "req_mine" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(res.headers.get("x-request-id")).toBe("req_mine");
    expect(res.headers.get("x-service-api-version")).toBe("v1");
    expect(await res.json()).toEqual({
      error: "POST is not supported on /api/v1/game; use GET.",
      code: "METHOD_NOT_ALLOWED",
      docUrl: `${appBaseUrl()}/docs/errors#METHOD_NOT_ALLOWED`,
      requestId: "req_mine",
    });
    expectSecurityHeaders(res);

    const campaign = await call("/api/v1/campaign/cmp_1", { method: "DELETE" });
    expect(campaign.status).toBe(405);
    expect(campaign.headers.get("allow")).toBe("GET");
    expect(await campaign.json()).toMatchObject({
      success: false,
      code: "METHOD_NOT_ALLOWED",
      error: "DELETE is not supported on /api/v1/campaign/cmp_1; use GET.",
    });

    const several = await call("/api/v1/products", { method: "DELETE" });
    expect(several.headers.get("allow")).toBe("GET, POST, PUT");
  });

  it("answers an unknown /api/v1 path with the JSON 404, for every method", async () => {
    const res = await call("/api/v1/no/such/thing?x=1", { method: "PATCH" });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body).toEqual({
      error: "There is no endpoint PATCH /api/v1/no/such/thing. The endpoints are listed at /docs and /api/v1/openapi.json.",
      code: "ROUTE_NOT_FOUND",
      docUrl: `${appBaseUrl()}/docs/errors#ROUTE_NOT_FOUND`,
      requestId: expect.stringMatching(/^req_[0-9a-f]{32}$/),
    });
    expect(res.headers.get("x-request-id")).toBe(body.requestId);
    expect(res.headers.get("x-service-api-version")).toBe("v1");
    expectSecurityHeaders(res);
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      const other = await call("/api/v1/vc/credit", { method });
      expect(other.status).toBe(404);
      expect((await other.json()).error).toBe(`There is no endpoint ${method} /api/v1/vc/credit. The endpoints are listed at /docs and /api/v1/openapi.json.`);
    }
  });

  it("answers HEAD with the GET handler's status and headers, and OPTIONS with 204 and Allow (as Next.js did)", async () => {
    const head = await call("/api/v1/game", { method: "HEAD" });
    expect(head.status).toBe(401);
    expect(await head.text()).toBe("");
    expectSecurityHeaders(head);
    const options = await call("/api/v1/products", { method: "OPTIONS" });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST, PUT");
    const postOnly = await call("/api/v1/vc/credits", { method: "OPTIONS" });
    expect(postOnly.headers.get("allow")).toBe("OPTIONS, POST");
  });

  it("runs the route's own handler: 401 without a key, the game with one, with the security headers", async () => {
    const anonymous = await call("/api/v1/game");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: "UNAUTHORIZED" });
    expectSecurityHeaders(anonymous);

    const res = await call("/api/v1/game", { headers: game.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(JSON.stringify(await res.json())).toContain(game.game.id);
    expectSecurityHeaders(res);
  });

  it("compresses as Next.js does: gzip from 1 KB when the client accepts it, Vary: Accept-Encoding", async () => {
    const big = await call("/api/v1/openapi.json", { headers: { "accept-encoding": "gzip" } });
    expect(big.status).toBe(200);
    expect(big.headers.get("content-encoding")).toBe("gzip");
    expect(big.headers.get("vary")).toBe("Accept-Encoding");
    expect(((await big.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
    const small = await call("/api/v1/game", { headers: { "accept-encoding": "gzip" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(small.headers.get("vary")).toBe("Accept-Encoding");
    const plain = await call("/api/v1/openapi.json", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("decodes params per segment as Next.js does, and a static folder wins over a dynamic one", async () => {
    const res = await call("/api/v1/__dispatch/notes/a%20b%2Fc%C3%A9", {
      method: "POST",
      headers: { ...game.headers, "content-type": "application/json" },
      body: JSON.stringify({ note: "hello" }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: "a b/cé", length: 5 });

    const staticWins = await call("/api/v1/__dispatch/notes/special", { headers: game.headers });
    expect(await staticWins.json()).toEqual({ special: true });
    // the static folder serves only GET: a POST there is its 405, not the dynamic sibling's POST
    const wrong = await call("/api/v1/__dispatch/notes/special", { method: "POST", headers: game.headers, body: "{}" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
  });

  it("answers TRACE (a method a fetch Request cannot carry; TRACK gets the HTTP parser's 400) with the JSON 405, or 404 off the routes, and keeps serving", async () => {
    const raw = (method: string, path: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const r = http.request({ host: "127.0.0.1", port, method, path, timeout: 5_000 }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (c: string) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        });
        r.on("timeout", () => r.destroy(new Error(`${method} ${path}: no answer in 5 s`)));
        r.on("error", reject);
        r.end();
      });
    for (const method of ["TRACE"]) {
      const refused = await raw(method, "/api/v1/__dispatch/notes/special");
      expect(refused.status, method).toBe(405);
      expect(refused.headers.allow).toBe("GET");
      expect(refused.headers["x-frame-options"]).toBe("DENY");
      expect(JSON.parse(refused.body)).toMatchObject({
        code: "METHOD_NOT_ALLOWED",
        error: `${method} is not supported on /api/v1/__dispatch/notes/special; use GET.`,
        requestId: expect.stringMatching(/^req_/),
      });
      const unknown = await raw(method, "/api/v1/no/such/path");
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body)).toMatchObject({ code: "ROUTE_NOT_FOUND" });
    }
    const after = await call("/api/v1/__dispatch/notes/special", { headers: game.headers });
    expect(await after.json()).toEqual({ special: true });
  });

  it("streams the body: a 20 MB chunked body is refused with 413 at the 1 MB cap, and the connection closes", async () => {
    const { status, head, body, written } = await flood("/api/v1/__dispatch/notes/n1", { headers: game.headers });
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: "BODY_TOO_LARGE", error: "The request body is larger than 1 MB." });
    expect(head).toContain("connection: close");
    expect(head).toContain("x-frame-options: deny");
    expect(written).toBeLessThan(20_000_000);
  });

  it("refuses a Content-Length over the cap before reading the body", async () => {
    const { status, head, body, written } = await flood("/api/v1/__dispatch/notes/n1", { headers: game.headers, contentLength: 20_000_000 });
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: "BODY_TOO_LARGE" });
    expect(head).toContain("connection: close");
    expect(written).toBeLessThan(20_000_000);
  });

  it("takes a body within the cap, streamed", async () => {
    const res = await call("/api/v1/__dispatch/notes/n2", {
      method: "POST",
      headers: { ...game.headers, "content-type": "application/json" },
      body: JSON.stringify({ note: "n".repeat(900_000) }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: "n2", length: 900_000 });
  });

  it("leaves everything else to Next.js: pages, /api/ready, a trailing slash (its redirect)", async () => {
    for (const [path, method] of [
      ["/", "GET"],
      ["/api/ready", "GET"],
      ["/api/v1", "GET"],
      ["/api/v1/game/", "GET"],
    ]) {
      const res = await call(path, { method });
      expect(res.status, `${method} ${path}`).toBe(418);
    }
  });

  it("answers a malformed percent-escape under /api/v1 with the API's JSON 404 naming it (not Next.js's HTML page)", async () => {
    for (const path of ["/api/v1/users/%E0%A4%A", "/api/v1/vc/%ZZ/balance", "/api/v1/game%"]) {
      const res = await call(path, { method: "GET" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      const body = await res.json();
      expect(body).toMatchObject({ code: "ROUTE_NOT_FOUND", requestId: expect.stringMatching(/^req_/) });
      expect(body.error).toContain("malformed percent-escape");
    }
  });

  it("serves the real route table: every route file's exports, at its declaration", async () => {
    const table = await loadRouteTable();
    expect(table.length).toBe(listRouteFiles().length);
    const res = await call("/api/v1/openapi.json");
    expect(res.status).toBe(200);
  });
});
