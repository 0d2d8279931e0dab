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
