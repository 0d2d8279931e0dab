import { createHash } from "node:crypto";
import { randomHex } from "../db/ids.ts";
import type { Environment, KeyKind } from "../core/environment.ts";

export type { Environment, KeyKind };

/** SHA-256 of the raw key; the only form the database keeps. */
export const hashKey = (raw: string): string => createHash("sha256").update(raw).digest("hex");

/** A new raw key, `service_<kind>_<env>_<48 hex>`, with its hash and a display prefix. */
export const generateKey = (kind: KeyKind, environment: Environment) => {
  const raw = `service_${kind}_${environment}_${randomHex(24)}`;
  return { raw, hash: hashKey(raw), prefix: raw.slice(0, `service_${kind}_${environment}_`.length + 4) };
};

/** The kind and environment a raw key announces, or null when it is not a Coinop key. */
export const parseKeyFormat = (raw: string): { kind: KeyKind; environment: Environment } | null => {
  const m = /^service_(server|campaign|platform)_(test|live)_[0-9a-f]{16,}$/.exec(raw);
  return m ? { kind: m[1] as KeyKind, environment: m[2] as Environment } : null;
};
