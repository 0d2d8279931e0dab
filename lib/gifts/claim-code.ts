// Gift claim codes: 64 hexadecimal characters. Only their SHA-256 is stored; the code travels in the claim URL.
import { createHash, randomBytes } from "node:crypto";
import { appBaseUrl } from "../config/settings.ts";

export const CLAIM_CODE_PATTERN = /^[0-9a-f]{64}$/;

export const newClaimCode = (): string => randomBytes(32).toString("hex");
export const hashClaimCode = (code: string): string => createHash("sha256").update(code.toLowerCase()).digest("hex");
export const claimUrl = (code: string): string => `${appBaseUrl()}/gift/${code}`;

/** The claim code of a claim URL (…/gift/<code>) or a bare code, lower-cased; null when neither. */
export const claimCodeOf = (input: { claimCode?: string; claimUrl?: string }): string | null => {
  const raw = input.claimCode ?? (input.claimUrl ? /\/gift\/([0-9a-fA-F]{64})\/?(?:[?#].*)?$/.exec(input.claimUrl)?.[1] : undefined);
  const code = raw?.trim().toLowerCase();
  return code && CLAIM_CODE_PATTERN.test(code) ? code : null;
};
