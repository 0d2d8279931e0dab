// The TOTP secrets at rest: sealed with AES-256-GCM under a key derived from the instance secret for this one
// purpose (lib/config/derive-key.ts "operator-totp"), bound to the operator's id (the additional data), so a
// database dump alone gives no second factor, and a sealed secret copied to another operator's row opens to
// nothing. Format: v1.<iv>.<ciphertext>.<tag>, base64url.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveKey } from "../config/derive-key.ts";

export const sealTotpSecret = (secret: string, operatorId: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey("operator-totp"), iv);
  cipher.setAAD(Buffer.from(operatorId));
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, data, cipher.getAuthTag()].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
};

/** The secret, or null when `sealed` is not one of this instance's seals for this operator. */
export const openTotpSecret = (sealed: string | null, operatorId: string): string | null => {
  const parts = sealed?.split(".") ?? [];
  if (parts.length !== 4 || parts[0] !== "v1") return null;
  try {
    const [iv, data, tag] = parts.slice(1).map((p) => Buffer.from(p, "base64url"));
    const decipher = createDecipheriv("aes-256-gcm", deriveKey("operator-totp"), iv!);
    decipher.setAAD(Buffer.from(operatorId));
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(data!), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
};
