// Verifying a webhook delivery as the server signs it (lib/webhooks/sign.ts, docs/webhooks.md):
// x-service-signature is the lowercase hex HMAC-SHA256 of the exact raw body keyed with the endpoint secret;
// for 24 h after a rotation x-service-signature-previous carries the same HMAC keyed with the previous
// secret. x-service-timestamp (Unix seconds of the attempt) is not signed; it is checked against a tolerance.
import { createHmac, timingSafeEqual } from "node:crypto";

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type VerifyOptions = {
  /** the endpoint's secret before a rotation: a delivery signed with it is accepted too */
  previousSecret?: string;
  /** the largest age, in seconds, of x-service-timestamp (default 300); 0 skips the check */
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
  const signatures = [header(headers, "x-service-signature"), header(headers, "x-service-signature-previous")].filter(
    (s): s is string => typeof s === "string" && s.length > 0,
  );
  if (signatures.length === 0) throw new WebhookVerificationError("No x-service-signature header.", "missing_signature");
  const secrets = [secret, ...(options.previousSecret ? [options.previousSecret] : [])];
  // every comparison runs (no early exit on the first match), each in constant time
  let ok = false;
  for (const s of secrets) for (const sig of signatures) ok = matches(rawBody, s, sig) || ok;
  if (!ok) throw new WebhookVerificationError("The signature does not match the body and secret.", "bad_signature");

  const tolerance = options.toleranceSeconds ?? 300;
  if (tolerance > 0) {
    const ts = header(headers, "x-service-timestamp");
    if (!ts || !/^\d+$/.test(ts)) throw new WebhookVerificationError("No x-service-timestamp header.", "missing_timestamp");
    const now = options.now ?? Math.floor(Date.now() / 1000);
    if (Math.abs(now - Number(ts)) > tolerance)
      throw new WebhookVerificationError(`x-service-timestamp is more than ${tolerance} s from now.`, "timestamp_out_of_tolerance");
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

export const webhooks = { verify, sign };
