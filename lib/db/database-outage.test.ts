// The database goes away: /v1 calls answer 503 SERVICE_UNAVAILABLE with Retry-After within a bounded
// time (no hang, no 500), and the same pool recovers by itself once the database is back. The file's
// real PostgreSQL is reached through a TCP proxy this test controls: closing it refuses new connections
// and cuts the open ones (as a stopped server does); "blackhole" accepts connections and never answers
// (an unreachable host). The fault run (scripts/faults/run.ts, db-outage) stops a real server.
import { appBaseUrl } from "@/lib/config/settings";
import net from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as creditRoute } from "@/app/api/v1/vc/credits/route";
import { GET as balancesRoute } from "@/app/api/v1/vc/balances/route";
import { closeDb, DATABASE_CONNECT_TIMEOUT_MS, getDb } from "@/lib/db/client";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "@/lib/db/is-database-unavailable";
import { call } from "@/tests/support/http";
import { idem, makeVcGame } from "@/tests/support/vc";

type Mode = "open" | "closed" | "blackhole";

/** A TCP proxy to the real database, on a fixed port, that can refuse, cut or swallow connections. */
const makeProxy = async (upstream: URL) => {
  let mode: Mode = "open";
  const sockets = new Set<net.Socket>();
  const onConnection = (client: net.Socket) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => undefined);
    if (mode === "blackhole") return; // accepted, never answered
    const server = net.connect({ host: upstream.hostname, port: Number(upstream.port || 5432) });
    sockets.add(server);
    server.on("close", () => (sockets.delete(server), client.destroy()));
    server.on("error", () => client.destroy());
    client.on("close", () => server.destroy());
    client.pipe(server).pipe(client);
  };
  let listener = net.createServer(onConnection);
  await new Promise<void>((r) => listener.listen(0, "127.0.0.1", () => r()));
  const port = (listener.address() as net.AddressInfo).port;
  const cut = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port,
    /** stop listening (new connections are refused) and cut every open connection */
    close: async () => {
      mode = "closed";
      await new Promise<void>((r) => {
        listener.close(() => r());
        cut();
      });
    },
    /** listen again: connections go through, or (blackhole) are accepted and never answered */
    open: async (next: "open" | "blackhole" = "open") => {
      mode = next;
      cut();
      if (listener.listening) return;
      listener = net.createServer(onConnection);
      await new Promise<void>((r) => listener.listen(port, "127.0.0.1", () => r()));
    },
    end: async () => {
      cut();
      if (listener.listening) await new Promise<void>((r) => listener.close(() => r()));
    },
  };
};

let proxy: Awaited<ReturnType<typeof makeProxy>>;
let realUrl: string;
let vc: Awaited<ReturnType<typeof makeVcGame>>;

beforeAll(async () => {
  realUrl = process.env.DATABASE_URL!;
  const url = new URL(realUrl);
  proxy = await makeProxy(new URL(realUrl));
  await closeDb();
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port);
  // every query of this file, the kernel's included, goes through the proxy
  process.env.DATABASE_URL = url.toString();
  vc = await makeVcGame({ players: 1 });
});

afterAll(async () => {
  await closeDb();
  await proxy.end();
  process.env.DATABASE_URL = realUrl;
});

const credit = (key: string) =>
  call(creditRoute, { headers: idem(vc.headers, key), body: { currencyId: vc.currencyId, userRef: vc.users[0], amountUnits: "7", orderId: key } });

const expectUnavailable = (r: Awaited<ReturnType<typeof credit>>) => {
  expect(r.status).toBe(503);
  expect(r.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(r.body).toEqual({
    error: expect.stringContaining("cannot reach its database"),
    code: "SERVICE_UNAVAILABLE",
    docUrl: `${appBaseUrl()}/docs/errors#SERVICE_UNAVAILABLE`,
    requestId: expect.any(String),
  });
  expect(r.text).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack
  expect(r.headers.get("x-request-id")).toBe(r.body.requestId);
};

describe("the database goes away", () => {
  it("stopped (connections refused, open ones cut): 503 SERVICE_UNAVAILABLE with Retry-After at once; the pool recovers by itself", async () => {
    const key = randomUUID();
    expect((await credit(randomUUID())).status).toBe(201); // the pool holds live connections now

    await proxy.close();
    let t = Date.now();
    const down = await credit(key);
    const took = Date.now() - t;
    expectUnavailable(down);
    expect(took).toBeLessThan(DATABASE_CONNECT_TIMEOUT_MS + 1_000);
    t = Date.now();
    const read = await call(balancesRoute, { headers: vc.headers, query: { userRef: vc.users[0] } });
    expectUnavailable(read);
    expect(Date.now() - t).toBeLessThan(DATABASE_CONNECT_TIMEOUT_MS + 1_000);

    await proxy.open();
    // the same process, the same pool: no restart
    const back = await credit(key);
    expect(back.status).toBe(201);
    const journalId = back.body.journalId;
    expect(journalId).toEqual(expect.any(String));
    // the key answered 503 before, yet it was not stored: the retry ran it once, a replay returns it
    const again = await credit(key);
    expect(again.status).toBe(201);
    expect(again.body.journalId).toBe(journalId);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await getDb().ledgerJournal.count({ where: { reference: key } })).toBe(1);
  });

  it("unreachable (connections accepted, never answered): 503 within the pool's connect timeout, not a hang", async () => {
    await proxy.open("blackhole");
    // the first calls may meet pooled connections the switch just cut (they fail at once); then the pool
    // must open new ones, which the blackhole swallows until the connect timeout
    const times: number[] = [];
    for (let i = 0; i < 5 && !times.some((ms) => ms >= DATABASE_CONNECT_TIMEOUT_MS - 100); i++) {
      const t = Date.now();
      const r = await credit(randomUUID());
      times.push(Date.now() - t);
      expectUnavailable(r);
    }
    expect(Math.max(...times)).toBeGreaterThanOrEqual(DATABASE_CONNECT_TIMEOUT_MS - 100);
    expect(Math.max(...times)).toBeLessThan(DATABASE_CONNECT_TIMEOUT_MS + 2_000);

    await proxy.open("open");
    expect((await credit(randomUUID())).status).toBe(201);
  });
});

describe("isDatabaseUnavailable", () => {
  it("tells an unreachable database from other failures", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable({ message: "x", cause: { code: "57P01" } })).toBe(true);
    expect(isDatabaseUnavailable({ meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } } })).toBe(true);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable({ code: "23505", message: "duplicate key" })).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
