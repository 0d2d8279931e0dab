// One delivery attempt over node:http(s), to an address checked just before (resolve-webhook-target.ts)
// and pinned: the socket connects to that address, whatever DNS answers a moment later, while TLS still
// verifies the certificate against the URL's host name.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
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

const describeError = (err: unknown, timeoutMs: number): string => {
  const e = err as { name?: string; message?: string; code?: string } | undefined;
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return `timed out after ${timeoutMs} ms`;
  const message = e?.message ?? String(err);
  return e?.code && !message.includes(e.code) ? `${message} (${e.code})` : message;
};

/** Resolves `promise`, or rejects with the signal's reason once it aborts. */
const until = <T>(promise: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });

const send = (target: WebhookTarget, { body, headers, signal }: { body: string; headers: Record<string, string>; signal: AbortSignal }) =>
  new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = target.url.protocol === "https:" ? https.request : http.request;
    const req = request(target.url, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      lookup: pinnedLookup(target),
      // a fresh connection each attempt: a pooled socket would skip the check that was just made
      agent: false,
      signal,
    });
    req.once("response", resolve);
    req.once("error", reject);
    req.end(body);
  });

/**
 * One HTTP attempt: resolve the URL's host, refuse it when any address is outside what address-policy.ts
 * allows (`allowLoopback` in test mode), then POST `body` to the checked address. Never throws: a refusal,
 * a network failure or a timeout is an attempt result with `error`. Redirects are not followed (a 3xx is a
 * failed attempt). The response excerpt is kept only from a public address: a loopback receiver's answer
 * (test mode) is not stored, so a URL aimed at a local service cannot read it back.
 */
export const postWebhook = async ({
  url,
  body,
  headers,
  timeoutMs,
  allowLoopback,
  lookup,
}: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowLoopback: boolean;
  lookup?: LookupAll;
}): Promise<AttemptResult> => {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const resolved = await until(resolveWebhookTarget(url, { allowLoopback, lookup }), signal);
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
    if (resolved.target.loopback) res.destroy();
    else responseExcerpt = await readExcerpt(res);
    return { ok: statusCode >= 200 && statusCode < 300, statusCode, latencyMs, responseExcerpt, error: null };
  } catch (err) {
    return { ok: false, statusCode: null, latencyMs: elapsed(), responseExcerpt: null, error: describeError(err, timeoutMs) };
  }
};
