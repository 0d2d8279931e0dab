// Target 4 (issue 15): the outbox's lag under the credit load. A credit writes no outbox event (the spec
// defines none), so while the credits run, a steady stream of a realistic event-producing call of the same game
// goes alongside: POST /api/v1/users/link/initiate with a new email (game-api.md, game-level account linking),
// which writes its User.Account.Link.Started event in the same transaction (lib/linking/initiate-link-session.ts).
// The game's webhook endpoint is a node:http receiver on 127.0.0.1: the address policy allows loopback for
// test-mode owners (lib/webhooks/address-policy.ts, set-webhook-endpoint.ts `allowsLoopback`), and the bench's
// game is a test-mode game, so nothing is weakened. The worker processes deliver as in production.
// Lag = the first delivery attempt's time (WebhookAttempt.createdAt of attempt 1, written by the worker when the
// attempt ended) minus the event's creation (WebhookEvent.createdAt), read from the database afterwards; the
// receiver's own arrival time gives a second figure. The receiver checks every signature and counts each event
// id: an id that arrives twice is a duplicate delivery (the receiver always answers 200, so no retry is due).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { verifySignature } from "../../lib/webhooks/sign.ts";
import { quantile } from "./load.ts";

export const LINK_STARTED = "User.Account.Link.Started";

export type Arrival = { count: number; firstAt: number; event: string };

export type Receiver = {
  url: string;
  arrivals: Map<string, Arrival>;
  badSignatures: () => number;
  close: () => Promise<void>;
};

/** The game's webhook endpoint: answers 200 at once, checks the signature against `secrets` (set after the seed). */
export const startReceiver = async (): Promise<Receiver & { setSecrets: (s: string[]) => void }> => {
  const arrivals = new Map<string, Arrival>();
  let secrets: string[] = [];
  let bad = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const at = Date.now();
      const body = Buffer.concat(chunks);
      const signature = req.headers["x-service-signature"];
      if (!secrets.some((s) => verifySignature(body, s, typeof signature === "string" ? signature : undefined))) bad++;
      const id = String(req.headers["x-service-event-id"] ?? "");
      const seen = arrivals.get(id);
      if (seen) seen.count++;
      else arrivals.set(id, { count: 1, firstAt: at, event: String(req.headers["x-service-event"] ?? "") });
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    arrivals,
    badSignatures: () => bad,
    setSecrets: (s) => {
      secrets = s;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
};

export type StreamStats = { sent: number; ok: number; failed: number; skipped: number; statuses: Record<string, number>; seconds: number };
export type EventStream = { stop: () => Promise<StreamStats> };

/** Stream requests in flight at most: past it the server is behind, and a tick's due requests are skipped (counted). */
export const STREAM_MAX_IN_FLIGHT = 32;

/**
 * Open loop: `rate` initiations a second, on a fixed schedule whatever the answers take (a slower server gets
 * more requests in flight, as real traffic would, up to STREAM_MAX_IN_FLIGHT), sent round robin to the web
 * processes. Without the cap, a machine that cannot keep up piles up requests until the pools time out (503).
 */
export const startEventStream = ({
  bases,
  headers,
  rate,
  tag,
}: {
  bases: string[];
  headers: Record<string, string>;
  rate: number;
  tag: string;
}): EventStream => {
  const started = performance.now();
  let due = 0;
  let sent = 0;
  let skipped = 0;
  let ok = 0;
  let failed = 0;
  const statuses: Record<string, number> = {};
  const inFlight = new Set<Promise<void>>();
  const fire = (i: number) => {
    const p = fetch(`${bases[i % bases.length]}/api/v1/users/link/initiate`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "idempotency-key": `bench-link-${tag}-${i}` },
      body: JSON.stringify({ email: `bench-link-${tag}-${i}@coinop.test` }),
    }).then(
      async (r) => {
        await r.arrayBuffer();
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status === 201) ok++;
        else failed++;
      },
      () => {
        statuses.error = (statuses.error ?? 0) + 1;
        failed++;
      },
    );
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  const timer = setInterval(() => {
    const now = Math.floor(((performance.now() - started) / 1000) * rate);
    for (; due < now; due++) {
      if (inFlight.size >= STREAM_MAX_IN_FLIGHT) skipped++;
      else fire(sent++);
    }
  }, 10);
  return {
    stop: async () => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      await Promise.all([...inFlight]);
      return { sent, ok, failed, skipped, statuses, seconds: Math.round(seconds * 100) / 100 };
    },
  };
};

/**
 * Sends `count` initiations per web process, a few at a time, before the measured stream: like the credits' warm-up,
 * a fresh process compiles the route on first use, which would otherwise stall the measured load once. Their events
 * are older than the stream's window (the caller waits past it before the stream starts).
 */
export const warmUpStream = async ({ bases, headers, count, tag }: { bases: string[]; headers: Record<string, string>; count: number; tag: string }) => {
  let next = 0;
  const one = async (): Promise<void> => {
    for (let i = next++; i < count * bases.length; i = next++) {
      const r = await fetch(`${bases[i % bases.length]}/api/v1/users/link/initiate`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "idempotency-key": `bench-link-warm-${tag}-${i}` },
        body: JSON.stringify({ email: `bench-link-warm-${tag}-${i}@coinop.test` }),
      });
      await r.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 4 * bases.length }, one));
};

export type OutboxLag = {
  /** events of the stream written to the outbox (User.Account.Link.Started of the game, in the window) */
  events: number;
  /** of them, with a first attempt recorded */
  attempted: number;
  /** first attempts that succeeded */
  succeededFirstTime: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** the same, from the receiver's arrival time */
  receiverP50Ms: number;
  receiverP99Ms: number;
  receiverMaxMs: number;
  /** deliveries with more than one attempt numbered 1 (two workers sent the same attempt) */
  duplicateFirstAttempts: number;
  /** every event of the game's owners (not only the stream's) that reached the receiver more than once */
  duplicateArrivals: number;
  /** events of the stream in the database that never reached the receiver */
  missingAtReceiver: number;
  /** arrivals whose signature matched none of the owners' secrets */
  badSignatures: number;
  waitedSeconds: number;
};

/**
 * Waits until every stream event has its first attempt (at most `waitSeconds`), then reads the lags.
 * `since`: the stream's start (events before it belong to the setup).
 */
export const measureOutboxLag = async ({
  url,
  gameId,
  since,
  receiver,
  waitSeconds,
}: {
  url: string;
  gameId: string;
  since: Date;
  receiver: Receiver;
  waitSeconds: number;
}): Promise<OutboxLag> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const started = performance.now();
    type Row = { id: string; created: string; first: string | null; ok: boolean | null };
    let rows: Row[] = [];
    for (;;) {
      // epoch milliseconds as text: the columns are timestamp(3) written in UTC by Prisma
      rows = (
        await c.query<Row>(
          `SELECT e."id", (extract(epoch FROM e."createdAt") * 1000)::bigint::text AS created,
                  (extract(epoch FROM min(a."createdAt")) * 1000)::bigint::text AS first,
                  bool_or(a."statusCode" BETWEEN 200 AND 299) AS ok
           FROM "WebhookEvent" e
           LEFT JOIN "WebhookDelivery" d ON d."eventId" = e."id"
           LEFT JOIN "WebhookAttempt" a ON a."deliveryId" = d."id" AND a."attempt" = 1
           WHERE e."ownerType" = 'game' AND e."ownerId" = $1 AND e."event" = $2 AND e."createdAt" >= ($3::timestamptz AT TIME ZONE 'UTC')
           GROUP BY e."id"`,
          [gameId, LINK_STARTED, since.toISOString()],
        )
      ).rows;
      const pending = rows.filter((r) => r.first === null).length;
      if (pending === 0 || (performance.now() - started) / 1000 > waitSeconds) break;
      await sleep(500);
    }
    // give the receiver's books a moment for the last answers in flight
    await sleep(200);
    const dup = await c.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM (SELECT a."deliveryId" FROM "WebhookAttempt" a WHERE a."attempt" = 1 GROUP BY a."deliveryId" HAVING count(*) > 1) x`,
    );
    const lags = rows
      .filter((r) => r.first !== null)
      .map((r) => Number(r.first) - Number(r.created))
      .sort((a, b) => a - b);
    const receiverLags = rows
      .map((r) => {
        const a = receiver.arrivals.get(r.id);
        return a ? a.firstAt - Number(r.created) : null;
      })
      .filter((x): x is number => x !== null)
      .sort((a, b) => a - b);
    return {
      events: rows.length,
      attempted: lags.length,
      succeededFirstTime: rows.filter((r) => r.ok).length,
      p50Ms: quantile(lags, 0.5),
      p99Ms: quantile(lags, 0.99),
      maxMs: lags.length ? lags[lags.length - 1]! : 0,
      receiverP50Ms: quantile(receiverLags, 0.5),
      receiverP99Ms: quantile(receiverLags, 0.99),
      receiverMaxMs: receiverLags.length ? receiverLags[receiverLags.length - 1]! : 0,
      duplicateFirstAttempts: Number(dup.rows[0]!.n),
      duplicateArrivals: [...receiver.arrivals.values()].filter((a) => a.count > 1).length,
      missingAtReceiver: rows.filter((r) => !receiver.arrivals.has(r.id)).length,
      badSignatures: receiver.badSignatures(),
      waitedSeconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    await c.end();
  }
};
