// npm run listen -- --forward-to http://localhost:4000/hooks [--api-key KEY] [--base-url URL] [--game-id ID | --campaign-id ID]
// Forwards a test key owner's webhook deliveries to a local URL, as `stripe listen` does: it pulls them from the
// server (POST /v1/webhooks/listen, long polling: no inbound port here), POSTs each to --forward-to with its
// original headers and signature, and reports the local answer (POST /v1/webhooks/listen/attempts), which the
// delivery log shows as the delivery's attempt. One line per event. docs/webhooks.md, docs/decisions/listen.md.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";

export type ListenOptions = {
  forwardTo: string;
  apiKey: string;
  baseUrl: string;
  gameId?: string;
  campaignId?: string;
  /** where lines go (default console.log) */
  log?: (line: string) => void;
  /** stops the listener (Ctrl-C does it from the command line) */
  signal?: AbortSignal;
  /** the long poll's wait, seconds (default 25) */
  waitSeconds?: number;
  /** the local receiver's time limit, ms (default 10 s, as a delivery's) */
  forwardTimeoutMs?: number;
};

/** A failure the listener cannot go on from (a bad or live key): it stops with this message. */
export class ListenFatal extends Error {}

const EXCERPT_CHARS = 500;
const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

const keyKind = (key: string) => /^service_(server|campaign|platform)_(test|live)_/.exec(key);

const headersOf = (o: ListenOptions): Record<string, string> => ({
  authorization: `Bearer ${o.apiKey}`,
  "content-type": "application/json",
  ...(o.gameId ? { "x-game-id": o.gameId } : {}),
  ...(o.campaignId ? { "x-campaign-id": o.campaignId } : {}),
});

type Delivery = { deliveryId: string; eventId: string; event: string; createdAt: string; headers: Record<string, string>; body: string };

const call = async (o: ListenOptions, path: string, body: unknown, signal?: AbortSignal) => {
  const res = await fetch(`${o.baseUrl.replace(/\/+$/, "")}/api/v1${path}`, { method: "POST", headers: headersOf(o), body: JSON.stringify(body), signal });
  const text = await res.text();
  let json: { code?: string; error?: string; data?: any } | undefined; // eslint-disable-line @typescript-eslint/no-explicit-any -- the two answers' data, read by name
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (res.status === 401) throw new ListenFatal(`The API key was refused (401${json?.error ? `: ${json.error}` : ""}). Check --api-key / COINOP_API_KEY.`);
  if (res.status === 404 && json?.error && /test key/.test(json.error)) throw new ListenFatal(json.error);
  if (res.status === 400 || res.status === 403 || res.status === 404 || res.status === 409)
    throw new ListenFatal(`The server refused the listener (${res.status} ${json?.code ?? ""}): ${json?.error ?? text.slice(0, 200)}`);
  if (!res.ok) throw new Error(`the server answered ${res.status}${json?.error ? `: ${json.error}` : ""}`);
  return json?.data;
};

/** POSTs one delivery to the local URL: its status, latency and a short excerpt, or why it could not be reached. */
export const forwardDelivery = async (url: string, d: Delivery, timeoutMs: number) => {
  const started = performance.now();
  try {
    const res = await fetch(url, { method: "POST", headers: d.headers, body: d.body, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text().catch(() => "");
    return { statusCode: res.status, latencyMs: Math.round(performance.now() - started), responseExcerpt: text.slice(0, EXCERPT_CHARS), error: null };
  } catch (err) {
    const e = err as { name?: string; cause?: { code?: string } };
    const error =
      e.name === "TimeoutError"
        ? `timed out after ${timeoutMs} ms`
        : e.cause?.code === "ECONNREFUSED"
          ? "connection refused (ECONNREFUSED)"
          : `the request failed (${e.cause?.code ?? e.name ?? "error"})`;
    return { statusCode: null, latencyMs: Math.round(performance.now() - started), responseExcerpt: null, error };
  }
};

const time = () => new Date().toISOString().slice(11, 19);

/**
 * Reports one local answer, tried up to 3 times (a 429 or 5xx, a network error: 1 s apart), so a passing failure
 * does not drop the answer or stop the deliveries already handed out after it. A refused key still stops the listener.
 */
const reportAnswer = async (o: ListenOptions, answer: Record<string, unknown>, log: (line: string) => void) => {
  for (let attempt = 1; ; attempt++) {
    try {
      await call(o, "/webhooks/listen/attempts", answer);
      return;
    } catch (err) {
      if (err instanceof ListenFatal) throw err;
      if (attempt === 3) {
        log(`${time()}  could not record the answer of ${String(answer.deliveryId)}: ${(err as Error).message}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
};

/** Runs the listener until `signal` aborts (resolves) or a fatal error (rejects with ListenFatal). */
export const listen = async (o: ListenOptions): Promise<void> => {
  const log = o.log ?? ((line: string) => console.log(line));
  const m = keyKind(o.apiKey);
  if (!m)
    throw new ListenFatal(
      "--api-key (or COINOP_API_KEY) must be a Coinop API key (service_server_test_…, service_campaign_test_… or service_platform_test_…).",
    );
  if (m[2] === "live") throw new ListenFatal("npm run listen takes a test key: live webhook deliveries are never forwarded to a developer's machine.");
  if (m[1] === "server" && !o.gameId) throw new ListenFatal("A server key needs --game-id (or COINOP_GAME_ID).");
  if (m[1] === "campaign" && !o.campaignId) throw new ListenFatal("A campaign key needs --campaign-id (or COINOP_CAMPAIGN_ID).");
  try {
    new URL(o.forwardTo);
  } catch {
    throw new ListenFatal(`--forward-to must be a URL, e.g. http://localhost:4000/hooks (got "${o.forwardTo}").`);
  }
  const session = randomBytes(12).toString("hex");
  let since: string | undefined;
  let failures = 0;
  const signal = o.signal;
  while (!signal?.aborted) {
    try {
      const data = await call(o, "/webhooks/listen", { session, ...(since ? { since, waitSeconds: o.waitSeconds ?? 25 } : {}) }, signal);
      if (!since) log(`Ready! Forwarding ${m[1]} test-mode webhooks from ${o.baseUrl} to ${o.forwardTo} (session ${session}). Ctrl-C to stop.`);
      else if (failures > 0) log(`${time()}  reconnected`);
      since = data.since;
      failures = 0;
      for (const d of data.deliveries as Delivery[]) {
        const answer = await forwardDelivery(o.forwardTo, d, o.forwardTimeoutMs ?? 10_000);
        const local = answer.statusCode !== null ? `${answer.statusCode}` : `failed: ${answer.error}`;
        log(`${time()}  --> ${d.event} [${d.eventId}]  <-- ${local} (${answer.latencyMs} ms)`);
        await reportAnswer(o, { deliveryId: d.deliveryId, ...answer }, log);
      }
    } catch (err) {
      if (err instanceof ListenFatal) throw err;
      if (signal?.aborted) break;
      const wait = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)];
      failures++;
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const why = cause
        ? `${o.baseUrl} is unreachable (${cause.code === "ECONNREFUSED" ? "connection refused" : (cause.code ?? cause.message ?? "fetch failed")})`
        : (err as Error).message;
      log(`${time()}  ${why}; reconnecting in ${wait / 1000} s`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, wait);
        signal?.addEventListener("abort", () => (clearTimeout(t), resolve()), { once: true });
      });
    }
  }
};

const main = async () => {
  const { values } = parseArgs({
    options: {
      "forward-to": { type: "string" },
      "api-key": { type: "string" },
      "base-url": { type: "string" },
      "game-id": { type: "string" },
      "campaign-id": { type: "string" },
    },
  });
  const forwardTo = values["forward-to"];
  const apiKey = values["api-key"] ?? process.env.COINOP_API_KEY;
  if (!forwardTo || !apiKey) {
    console.error(
      "usage: npm run listen -- --forward-to http://localhost:4000/hooks [--api-key KEY | env COINOP_API_KEY] [--base-url URL | env COINOP_BASE_URL] [--game-id ID | --campaign-id ID]",
    );
    process.exit(2);
  }
  const controller = new AbortController();
  process.once("SIGINT", () => {
    console.log("Stopped.");
    controller.abort();
  });
  process.once("SIGTERM", () => controller.abort());
  try {
    await listen({
      forwardTo,
      apiKey,
      baseUrl: values["base-url"] ?? process.env.COINOP_BASE_URL ?? "http://localhost:3000",
      gameId: values["game-id"] ?? process.env.COINOP_GAME_ID,
      campaignId: values["campaign-id"] ?? process.env.COINOP_CAMPAIGN_ID,
      signal: controller.signal,
    });
    process.exit(0);
  } catch (err) {
    console.error(`listen: ${(err as Error).message}`);
    process.exit(1);
  }
};

if (import.meta.url === `file://${process.argv[1]}`) void main();
