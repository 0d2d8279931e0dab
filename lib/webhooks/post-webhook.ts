// One delivery attempt over node:http(s), to an address checked just before (resolve-webhook-target.ts)
// and pinned: the socket connects to that address, whatever DNS answers a moment later, while TLS still
// verifies the certificate against the URL's host name.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { finished } from "node:stream/promises";
import type { LoopbackRule } from "./loopback-rule.ts";
import { readExcerpt } from "./read-excerpt.ts";
import { resolveWebhookTarget, type LookupAll, type WebhookTarget } from "./resolve-webhook-target.ts";

export type AttemptResult = {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
};

/** A lookup that answers every query with the checked address (both the single and the `all` form). */
const pinnedLookup = (target: WebhookTarget): LookupFunction =>
  ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;

/** What a failed connection or exchange with an allowed address is called in the delivery log, by its code. */
const FAILURES: [RegExp, string][] = [
  [/^ECONNREFUSED$/, "connection refused"],
  [/^(ECONNRESET|EPIPE)$/, "connection reset"],
  [/^(EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN)$/, "host unreachable"],
  [/^ETIMEDOUT$/, "connection timed out"],
  [/^HPE_/, "invalid HTTP response"],
  [/CERT|SSL|TLS|SIGNATURE|ISSUER/, "TLS handshake failed"],
];

/**
 * The delivery log's words for a failed attempt to an allowed address: a fixed phrase and the error's code,
 * never the socket's own message (it names the address and port connected to, a resolved name's address
 * included, or a certificate's names). Refused addresses never get here: they are refused before any
 * connection, with the policy's reason (postWebhook). Refused and timed out stay apart for a public receiver
 * (its developer needs to know which); docs/webhooks.md says why that is no port-scan oracle worth closing.
 */
const describeError = (err: unknown, timeoutMs: number): string => {
  const e = err as { name?: string; code?: unknown } | undefined;
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return `timed out after ${timeoutMs} ms`;
  const code = typeof e?.code === "string" && /^[A-Z][A-Z0-9_]{1,63}$/.test(e.code) ? e.code : null;
  if (!code) return "the request failed";
  const phrase = FAILURES.find(([pattern]) => pattern.test(code))?.[1] ?? "the request failed";
  return `${phrase} (${code})`;
};

/** Resolves `promise`, or rejects with the signal's reason once it aborts. */
const until = <T>(promise: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });

/**
 * Kept-alive connections, one pool per (URL origin, checked address). Every attempt still resolves and checks
 * the host first (resolveWebhookTarget) and then takes the pool of the address it has just checked, so a
 * reused socket is always connected to an address that this attempt's check allowed: if the host's DNS moves
 * (rebinding to a refused address), the check refuses it before any pool is looked at, and an allowed new
 * address gets a pool of its own. The origin (scheme, host, port) is in the key, so a TLS socket is only
 * reused for the host name its certificate was verified for. A connection per attempt cost a TCP handshake
 * (and a TLS one) each time: ~3 ms wall and ~0.7 ms CPU of the ~1 ms a loopback POST costs otherwise.
 */
const pools = new Map<string, http.Agent>();
/** pools kept (least recently used dropped first), free sockets per pool, and how long a free socket stays open */
const POOLS_MAX = 256;
const FREE_SOCKETS_MAX = 16;
const IDLE_MS = 15_000;

const agentFor = (target: WebhookTarget): http.Agent => {
  const key = `${target.url.origin} ${target.address}`;
  let agent = pools.get(key);
  if (agent) pools.delete(key);
  else {
    const options = { keepAlive: true, maxFreeSockets: FREE_SOCKETS_MAX, timeout: IDLE_MS };
    agent = target.url.protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
  }
  pools.set(key, agent);
  if (pools.size > POOLS_MAX) {
    const [oldest, old] = pools.entries().next().value!;
    pools.delete(oldest);
    old.destroy();
  }
  return agent;
};

const post = (
  target: WebhookTarget,
  { body, headers, signal }: { body: string; headers: Record<string, string>; signal: AbortSignal },
  agent: http.Agent | false,
) =>
  new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = target.url.protocol === "https:" ? https.request : http.request;
    const req = request(target.url, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      // every socket of the pool is connected to the checked address (agentFor)
      lookup: pinnedLookup(target),
      agent,
      signal,
    });
    req.once("response", resolve);
    req.once("error", (err: NodeJS.ErrnoException) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
    req.end(body);
  });

const send = async (target: WebhookTarget, opts: { body: string; headers: Record<string, string>; signal: AbortSignal }) => {
  try {
    return await post(target, opts, agentFor(target));
  } catch (err) {
    // a kept-alive socket the receiver closed just as it was reused: sent once more on a new connection, as HTTP
    // clients do (had the receiver seen the first, it de-duplicates by x-service-event-id, as for any retry)
    const e = err as { reusedSocket?: boolean; code?: string };
    if (e.reusedSocket && e.code === "ECONNRESET" && !opts.signal.aborted) return post(target, opts, false);
    throw err;
  }
};

/** Responses of a loopback receiver are not read (postWebhook); a small one is drained so its socket is kept. */
export const LOOPBACK_DRAIN_MAX_BYTES = 64 * 1024;

/**
 * Reads and drops a loopback receiver's answer until its end, so its socket goes back to its pool for the next
 * attempt (the timeout still bounds it). One that says it is larger than `max` bytes (content-length), or turns
 * out to be (chunked: counted as it comes), is cut, with its socket. Before, only an answer with a content-length
 * was drained: a chunked one (node:http's `res.writeHead(...).end(body)`, as the bench's and the tests'
 * receivers answer) closed its socket, and every attempt paid a new connection.
 */
const drain = async (res: http.IncomingMessage, max: number): Promise<void> => {
  if (Number(res.headers["content-length"]) > max) {
    res.destroy();
    return;
  }
  let bytes = 0;
  res.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > max) res.destroy();
  });
  await finished(res).catch(() => undefined);
};

/**
 * One HTTP attempt: resolve the URL's host, refuse it when any address is outside what address-policy.ts
 * allows (loopback only with `allowLoopback`: loopback-rule.ts), then POST `body` to the checked address.
 * Never throws: a refusal, a network failure or a timeout is an attempt result with `error`. A refusal
 * connects to nothing and says `refused: <the policy's reason>`, the same words whatever listens (or not) at
 * the address's port; a failure to connect to an allowed address is a fixed phrase with its code. Redirects are not followed (a 3xx is a
 * failed attempt). The response excerpt is kept only from a public address: a loopback receiver's answer
 * (test mode) is not stored, so a URL aimed at a local service cannot read it back.
 */
export const postWebhook = async ({
  url,
  body,
  headers,
  timeoutMs,
  allowLoopback,
  loopbackRefusal,
  lookup,
}: LoopbackRule & {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  lookup?: LookupAll;
}): Promise<AttemptResult> => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const resolved = await until(resolveWebhookTarget(url, { allowLoopback, loopbackRefusal, lookup }), signal);
    if (!resolved.ok)
      return {
        ok: false,
        statusCode: null,
        latencyMs: elapsed(),
        responseExcerpt: null,
        error: resolved.kind === "refused" ? `refused: ${resolved.reason}` : resolved.reason,
      };
    const res = await send(resolved.target, { body, headers, signal });
    const latencyMs = elapsed();
    const statusCode = res.statusCode ?? 0;
    let responseExcerpt: string | null = null;
    if (resolved.target.loopback) await drain(res, LOOPBACK_DRAIN_MAX_BYTES);
    else responseExcerpt = await readExcerpt(res);
    return { ok: statusCode >= 200 && statusCode < 300, statusCode, latencyMs, responseExcerpt, error: null };
  } catch (err) {
    return { ok: false, statusCode: null, latencyMs: elapsed(), responseExcerpt: null, error: describeError(err, timeoutMs) };
  }
};
