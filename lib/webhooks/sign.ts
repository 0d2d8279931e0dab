import { createHmac, timingSafeEqual } from "node:crypto";

/** The x-service-signature of a webhook: lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint secret. */
export const sign = (rawBody: string | Buffer, secret: string): string => createHmac("sha256", secret).update(rawBody).digest("hex");

/**
 * What a receiver does: recompute the signature over the raw body and compare in constant time.
 * A missing, malformed or wrong header is false, never an exception.
 */
export const verifySignature = (rawBody: string | Buffer, secret: string, header: string | null | undefined): boolean => {
  if (typeof header !== "string" || !/^[0-9a-fA-F]{64}$/.test(header.trim())) return false;
  const expected = Buffer.from(sign(rawBody, secret), "hex");
  const given = Buffer.from(header.trim().toLowerCase(), "hex");
  return timingSafeEqual(expected, given);
};

/**
 * During the 24 h after a secret rotation a delivery carries two signatures: x-service-signature (new
 * secret) and x-service-signature-previous (old secret). A receiver accepts it when either matches the
 * secret it holds, so it can switch secrets at any moment of those 24 h.
 */
export const verifyWebhookSignatures = (
  rawBody: string | Buffer,
  secret: string,
  headers: { signature: string | null | undefined; previous?: string | null | undefined },
): boolean => verifySignature(rawBody, secret, headers.signature) || verifySignature(rawBody, secret, headers.previous);

/**
 * x-service-timestamped-signature (an addition beside the spec's header): `t=<unix seconds>,v1=<hex>`, where
 * the hex is the HMAC-SHA256 of `<t>.<raw body>` keyed with the endpoint secret, then `,v1=<hex>` with the
 * previous secret during a rotation. Because the attempt's time is inside the HMAC, a receiver that checks
 * `t` against a tolerance refuses a captured delivery replayed later (the spec's body-only signature cannot).
 */
export const signTimestamped = (rawBody: string | Buffer, timestamp: number, secrets: readonly string[]): string =>
  [`t=${timestamp}`, ...secrets.map((secret) => `v1=${createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex")}`)].join(",");

/**
 * Checks an x-service-timestamped-signature header: one of its v1 signatures matches `secret` over
 * `<t>.<raw body>`, and `t` is within `toleranceSeconds` of `nowSeconds`. A missing or malformed header is
 * false, never an exception.
 */
export const verifyTimestampedSignature = (
  rawBody: string | Buffer,
  secret: string,
  header: string | null | undefined,
  { toleranceSeconds = 300, nowSeconds = Math.floor(Date.now() / 1000) }: { toleranceSeconds?: number; nowSeconds?: number } = {},
): boolean => {
  if (typeof header !== "string") return false;
  const parts = header.split(",").map((p) => p.trim().split("=") as [string, string | undefined]);
  const t = parts.find(([k]) => k === "t")?.[1];
  if (!t || !/^\d{1,12}$/.test(t)) return false;
  if (toleranceSeconds > 0 && Math.abs(nowSeconds - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${t}.`).update(rawBody).digest();
  let ok = false;
  for (const [k, v] of parts) {
    if (k !== "v1" || !v || !/^[0-9a-fA-F]{64}$/.test(v)) continue;
    ok = timingSafeEqual(expected, Buffer.from(v.toLowerCase(), "hex")) || ok;
  }
  return ok;
};
