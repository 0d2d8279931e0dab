// Finding 8 of issue 9, written as the attack: the kernel read the whole body before its 1 MB check, and
// the Stripe webhook route read the whole body before it verified anything. A client streaming 20 MB (or
// an endless chunked body) made the server take all of it. Rule: every body is read as a stream and
// refused with 413 BODY_TOO_LARGE as soon as it passes its cap (1 MB JSON, 6 MB multipart, 256 KB for
// Stripe's events), without reading the rest; a Content-Length over the cap is refused before any byte
// is read. And Next.js's proxy, which buffers whole bodies, sees no large or chunked body.
//
// Over real HTTP: a node:http server hands each request to the route handler the way Next.js does (the
// IncomingMessage as the Request's streamed body) and counts the bytes the handler pulled from it.
import http from "node:http";
import net from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { MAX_BODY_BYTES, MAX_MULTIPART_BYTES, route } from "@/lib/http/route";
import { config as proxyConfig } from "@/proxy";
import { makeGame } from "@/tests/support/fixtures";

const STRIPE_CAP = 256_000;
const SLACK = 256 * 1024; // what the stream pulls past the cap in one read: at most a socket read or two
const TWENTY_MB = 20_000_000;

type Served = { status: number; body: any; connection: string | null; consumed: number };
type Server = { port: number; served: Served[]; close: () => Promise<void> };

/** A server that runs `handler` on every request, with the body streamed from the socket as Next.js does. */
const serve = async (handler: (req: Request) => Promise<Response>): Promise<Server> => {
  const served: Served[] = [];
  const server = http.createServer(async (req, res) => {
    let consumed = 0;
    const counted = async function* () {
      for await (const chunk of req) {
        consumed += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    };
    const hasBody = req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: hasBody ? counted() : undefined,
      duplex: "half",
    } as RequestInit);
    const response = await handler(request);
    const text = await response.text();
    served.push({ status: response.status, body: JSON.parse(text), connection: response.headers.get("connection"), consumed });
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    served,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
};

/**
 * Sends a POST whose body is `total` bytes, chunked or after a Content-Length header (which may lie), as
 * fast as the socket takes it, until it is all sent or the server closes the connection.
 */
const flood = async (
  port: number,
  path: string,
  { headers = {}, contentLength, total = TWENTY_MB }: { headers?: Record<string, string>; contentLength?: number; total?: number },
) => {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let closed = false;
  socket.on("error", () => (closed = true));
  socket.on("close", () => (closed = true));
  socket.on("data", () => undefined);
  const chunked = contentLength === undefined;
  const head = [
    `POST ${path} HTTP/1.1`,
    "Host: 127.0.0.1",
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
  socket.destroy();
  return { written };
};

let game: Awaited<ReturnType<typeof makeGame>>;
const rows = () => getDb().objectSequence.count({ where: { objectKey: { startsWith: "security08:" } } });

const notes = route({
  method: "POST",
  path: "/v1/__security08/notes",
  summary: "test",
  tags: ["test"],
  auth: "server",
  idempotency: "none",
  body: z.object({ note: z.string() }),
  response: { status: 201 },
  handler: async ({ ctx, body }) => {
    await ctx.db.objectSequence.create({ data: { objectKey: `security08:${newId()}`, last: body.note.length } });
    return { ok: true };
  },
});
const uploads = route({
  method: "POST",
  path: "/v1/__security08/uploads",
  summary: "test",
  tags: ["test"],
  auth: "server",
  idempotency: "none",
  bodyType: "multipart",
  response: { status: 201 },
  handler: async ({ ctx }) => {
    await ctx.db.objectSequence.create({ data: { objectKey: `security08:${newId()}`, last: 0 } });
    return { ok: true };
  },
});

let api: Server;
let stripe: Server;
beforeAll(async () => {
  game = await makeGame();
  api = await serve((req) => (new URL(req.url).pathname.endsWith("/uploads") ? uploads : notes)(req, { params: Promise.resolve({}) }));
  stripe = await serve(stripeWebhook);
});
afterAll(async () => {
  await api.close();
  await stripe.close();
});

describe("the /v1 kernel", () => {
  it("refuses a 20 MB chunked JSON body with 413 after reading about 1 MB of it, and writes nothing", async () => {
    const before = await rows();
    const { written } = await flood(api.port, "/api/v1/__security08/notes", { headers: game.headers });
    const [served] = api.served.splice(0);
    expect(served).toMatchObject({ status: 413, body: { code: "BODY_TOO_LARGE", error: "The request body is larger than 1 MB." }, connection: "close" });
    expect(served.consumed).toBeGreaterThan(MAX_BODY_BYTES);
    expect(served.consumed).toBeLessThanOrEqual(MAX_BODY_BYTES + SLACK);
    expect(written).toBeLessThan(TWENTY_MB); // the server closed the connection instead of draining the rest
    expect(await rows()).toBe(before);
  });

  it("refuses a Content-Length over the cap before reading a byte, whatever actually follows", async () => {
    const { written } = await flood(api.port, "/api/v1/__security08/notes", { headers: game.headers, contentLength: TWENTY_MB });
    const [served] = api.served.splice(0);
    expect(served).toMatchObject({ status: 413, body: { code: "BODY_TOO_LARGE" }, connection: "close", consumed: 0 });
    expect(written).toBeLessThan(TWENTY_MB);
  });

  it("refuses a 20 MB chunked multipart body after about 6 MB", async () => {
    const before = await rows();
    await flood(api.port, "/api/v1/__security08/uploads", { headers: { ...game.headers, "content-type": "multipart/form-data; boundary=x" } });
    const [served] = api.served.splice(0);
    expect(served).toMatchObject({ status: 413, body: { code: "BODY_TOO_LARGE", error: "The request body is larger than 6 MB." }, connection: "close" });
    expect(served.consumed).toBeGreaterThan(MAX_MULTIPART_BYTES);
    expect(served.consumed).toBeLessThanOrEqual(MAX_MULTIPART_BYTES + SLACK);
    expect(await rows()).toBe(before);
  });

  it("a refusal sent before the body is read (no key) closes the connection instead of draining it", async () => {
    const { written } = await flood(api.port, "/api/v1/__security08/notes", {});
    const [served] = api.served.splice(0);
    expect(served).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" }, connection: "close", consumed: 0 });
    expect(written).toBeLessThan(TWENTY_MB);
  });

  it("a body within the cap still goes through, over the same path", async () => {
    const before = await rows();
    const body = JSON.stringify({ note: "n".repeat(900_000) });
    const res = await fetch(`http://127.0.0.1:${api.port}/api/v1/__security08/notes`, {
      method: "POST",
      headers: { ...game.headers, "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(api.served.splice(0)[0]).toMatchObject({ status: 201, connection: null, consumed: Buffer.byteLength(body) });
    expect(await rows()).toBe(before + 1);
  });
});

describe("the Stripe webhook route", () => {
  it("refuses a 20 MB chunked body with 413 after reading about 256 KB, before any signature check", async () => {
    const { written } = await flood(stripe.port, "/api/webhooks/stripe", { headers: { "stripe-signature": "t=1,v1=00" } });
    const [served] = stripe.served.splice(0);
    expect(served).toMatchObject({ status: 413, body: { code: "BODY_TOO_LARGE", error: "The request body is larger than 256 KB." }, connection: "close" });
    expect(served.consumed).toBeGreaterThan(STRIPE_CAP);
    expect(served.consumed).toBeLessThanOrEqual(STRIPE_CAP + SLACK);
    expect(written).toBeLessThan(TWENTY_MB);
  });

  it("refuses a Content-Length over 256 KB before reading a byte", async () => {
    await flood(stripe.port, "/api/webhooks/stripe", { contentLength: TWENTY_MB });
    expect(stripe.served.splice(0)[0]).toMatchObject({ status: 413, body: { code: "BODY_TOO_LARGE" }, consumed: 0 });
  });

  it("a signed event of ordinary size is read whole and verified", async () => {
    const saved = { key: process.env.STRIPE_SECRET_KEY, secret: process.env.STRIPE_WEBHOOK_SECRET };
    process.env.STRIPE_SECRET_KEY = "sk_test_security08";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_security08";
    try {
      const payload = JSON.stringify({ id: "evt_08", object: "event", type: "customer.created", data: { object: { id: "cus_1", note: "x".repeat(100_000) } } });
      const signature = new Stripe("sk_test_security08").webhooks.generateTestHeaderString({ payload, secret: "whsec_security08" });
      const res = await fetch(`http://127.0.0.1:${stripe.port}/api/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, eventId: "evt_08", type: "customer.created", purchaseId: null, action: "ignored" });
      expect(stripe.served.splice(0)[0].consumed).toBe(Buffer.byteLength(payload));
    } finally {
      for (const [k, v] of [
        ["STRIPE_SECRET_KEY", saved.key],
        ["STRIPE_WEBHOOK_SECRET", saved.secret],
      ] as const)
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });
});

describe("the proxy", () => {
  // Next.js buffers the whole body of every request the proxy sees, before the route runs.
  it("sees no chunked body and no Content-Length of 1 MB or more (and no /api/v1 request: the API dispatch answers those)", () => {
    for (const matcher of proxyConfig.matcher) {
      expect(matcher.source).not.toMatch(/^\/api\/v1/);
      expect(matcher.missing).toContainEqual({ type: "header", key: "transfer-encoding" });
      const length = matcher.missing.find((m) => m.key === "content-length")!;
      const skipsProxy = (value: string) => new RegExp(`^${length.value}$`).test(value);
      for (const v of ["1000000", "20000000", "0006000000", "99999999999"]) expect(skipsProxy(v)).toBe(true);
      for (const v of ["0", "2", "999999", "0999999"]) expect(skipsProxy(v)).toBe(false);
    }
  });
});
