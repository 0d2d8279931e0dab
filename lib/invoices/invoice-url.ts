// The hosted invoice page URL is the receiver's credential: /invoice/<publicInvoiceId>?sig=<HMAC-SHA256>, with a
// key of its own (derive-key.ts "invoice-url"). The public id is random (128 bits) and the signature makes the id
// alone (it appears in API responses and exports) not enough to open the page.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { deriveKey } from "../config/derive-key.ts";
import { appBaseUrl } from "../config/settings.ts";

/** A new public invoice id: "pinv_" + 32 hex characters. */
export const newPublicInvoiceId = (): string => `pinv_${randomBytes(16).toString("hex")}`;

export const signPublicInvoiceId = (publicId: string): string => createHmac("sha256", deriveKey("invoice-url")).update(publicId).digest("hex");

/** Constant-time check of a page URL's signature. */
export const verifyPublicInvoiceSignature = (publicId: string, sig: string | null | undefined): boolean => {
  if (!sig || !/^[0-9a-f]{64}$/.test(sig)) return false;
  return timingSafeEqual(Buffer.from(signPublicInvoiceId(publicId), "hex"), Buffer.from(sig, "hex"));
};

/** The page path, signed. */
export const invoicePagePath = (publicId: string): string => `/invoice/${encodeURIComponent(publicId)}?sig=${signPublicInvoiceId(publicId)}`;
/** The PDF of the invoice (or its receipt once paid), signed the same way. */
export const invoicePdfPath = (publicId: string, kind: "invoice" | "receipt" = "invoice"): string =>
  `/invoice/${encodeURIComponent(publicId)}/${kind === "receipt" ? "receipt" : "pdf"}?sig=${signPublicInvoiceId(publicId)}`;
export const invoicePageUrl = (publicId: string): string => `${appBaseUrl()}${invoicePagePath(publicId)}`;
