// Verifying a webhook delivery as the server signs it (lib/webhooks/sign.ts, docs/webhooks.md):
// x-service-signature is the lowercase hex HMAC-SHA256 of the exact raw body keyed with the endpoint secret;
// for 24 h after a rotation x-service-signature-previous carries the same HMAC keyed with the previous
// secret. x-service-timestamped-signature (t=<unix seconds>,v1=<hex>[,v1=<hex>]) signs "<t>.<raw body>" with
// the current (and, during a rotation, the previous) secret: verify() checks it and t against a tolerance, so a
// captured delivery replayed later is refused. x-service-timestamp alone is not signed and is not trusted.
import { createHmac, timingSafeEqual } from "node:crypto";

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type VerifyOptions = {
  /** the endpoint's secret before a rotation: a delivery signed with it is accepted too */
  previousSecret?: string;
  /** the largest distance, in seconds, between now and the signed attempt time (default 300); 0 skips the check and accepts a body-only signature */
  toleranceSeconds?: number;
  /** now, in Unix seconds (for tests) */
  now?: number;
};

export type WebhookEvent<T = Record<string, unknown>> = {
  event: string;
  data: T;
  timestamp: string;
  /** x-service-event-id: the same on every attempt and resend; deduplicate on it */
  eventId: string | null;
  /** x-service-delivery-id */
  deliveryId: string | null;
  /** x-service-attempt */
  attempt: number | null;
};

export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
  constructor(
    message: string,
    readonly reason: "missing_signature" | "bad_signature" | "missing_timestamp" | "timestamp_out_of_tolerance" | "bad_body",
  ) {
    super(message);
  }
}

const header = (headers: WebhookHeaders, name: string): string | undefined => {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const rec = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(rec).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : rec[key];
  return Array.isArray(v) ? v[0] : v;
};

const HEX64 = /^[0-9a-fA-F]{64}$/;
const concat = (prefix: string, body: string | Uint8Array): Uint8Array | string =>
  typeof body === "string" ? prefix + body : Buffer.concat([Buffer.from(prefix, "utf8"), Buffer.from(body)]);
const checkTolerance = (t: number, tolerance: number, nowOption: number | undefined): void => {
  if (tolerance <= 0) return;
  const now = nowOption ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > tolerance)
    throw new WebhookVerificationError(`The delivery was signed more than ${tolerance} s from now.`, "timestamp_out_of_tolerance");
};
const matches = (rawBody: string | Uint8Array, secret: string, signature: string | undefined): boolean => {
  if (typeof signature !== "string" || !HEX64.test(signature.trim())) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature.trim().toLowerCase(), "hex"));
};

/**
 * Verifies a delivery and returns its parsed event; throws WebhookVerificationError otherwise. Pass the raw
 * body exactly as received (a re-serialized JSON body does not verify). A delivery is accepted when either
 * signature header matches `secret` or `previousSecret` (so a receiver can switch secrets at any moment of
 * the 24 h rotation window).
 */
export const verify = <T = Record<string, unknown>>(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions = {},
): WebhookEvent<T> => {
  const secrets = [secret, ...(options.previousSecret ? [options.previousSecret] : [])];
  const tolerance = options.toleranceSeconds ?? 300;
  const timestamped = header(headers, "x-service-timestamped-signature");
  if (timestamped) {
    // t=<unix seconds>,v1=<hex>[,v1=<hex>]: the HMAC covers "<t>.<raw body>", so t cannot be moved
    const parts = timestamped.split(",").map((p) => p.trim().split("="));
    const t = parts.find(([k]) => k === "t")?.[1];
    if (!t || !/^\d{1,12}$/.test(t)) throw new WebhookVerificationError("x-service-timestamped-signature has no t=.", "missing_timestamp");
    const signed = concat(`${t}.`, rawBody);
    let ok = false;
    for (const s of secrets) for (const [k, v] of parts) if (k === "v1") ok = matches(signed, s, v) || ok;
    if (!ok) throw new WebhookVerificationError("The signature does not match the timestamp, body and secret.", "bad_signature");
    checkTolerance(Number(t), tolerance, options.now);
  } else {
    const signatures = [header(headers, "x-service-signature"), header(headers, "x-service-signature-previous")].filter(
      (s): s is string => typeof s === "string" && s.length > 0,
    );
    if (signatures.length === 0) throw new WebhookVerificationError("No x-service-signature header.", "missing_signature");
    // every comparison runs (no early exit on the first match), each in constant time
    let ok = false;
    for (const s of secrets) for (const sig of signatures) ok = matches(rawBody, s, sig) || ok;
    if (!ok) throw new WebhookVerificationError("The signature does not match the body and secret.", "bad_signature");
    // Without the timestamped signature the attempt's time is unsigned: a replay could carry a fresh
    // x-service-timestamp. So a tolerance needs the signed header; toleranceSeconds: 0 accepts body-only.
    if (tolerance > 0)
      throw new WebhookVerificationError(
        "No x-service-timestamped-signature header, so the delivery's time cannot be checked (pass toleranceSeconds: 0 to accept a body-only signature).",
        "missing_timestamp",
      );
  }

  let parsed: { event?: unknown; data?: unknown; timestamp?: unknown };
  try {
    parsed = JSON.parse(typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8"));
  } catch {
    throw new WebhookVerificationError("The body is not JSON.", "bad_body");
  }
  const attempt = header(headers, "x-service-attempt");
  return {
    event: String(parsed.event),
    data: parsed.data as T,
    timestamp: String(parsed.timestamp),
    eventId: header(headers, "x-service-event-id") ?? null,
    deliveryId: header(headers, "x-service-delivery-id") ?? null,
    attempt: attempt ? Number(attempt) : null,
  };
};

/** The signature the server would send for this body and secret (for receivers' own tests). */
export const sign = (rawBody: string | Uint8Array, secret: string): string => createHmac("sha256", secret).update(rawBody).digest("hex");

/** The x-service-timestamped-signature the server would send for this body, time and secret (for receivers' own tests). */
export const signTimestamped = (rawBody: string | Uint8Array, timestamp: number, secret: string): string =>
  `t=${timestamp},v1=${createHmac("sha256", secret)
    .update(concat(`${timestamp}.`, rawBody))
    .digest("hex")}`;

export const webhooks = { verify, sign, signTimestamped };
