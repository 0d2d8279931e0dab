import type { ApiKey } from "../db/generated/client.ts";
import type { z } from "zod";
import type { ApiKeyResource } from "./schemas.ts";

type KeyRow = Pick<
  ApiKey,
  | "id"
  | "platformId"
  | "environment"
  | "scopes"
  | "status"
  | "label"
  | "prefix"
  | "createdAt"
  | "updatedAt"
  | "lastUsedAt"
  | "expiresAt"
  | "revokedAt"
  | "replacedByKeyId"
>;

/** Deleted, or past the end of a rotation's grace period: the key authenticates nothing any more. */
export const isKeyRevoked = (k: Pick<KeyRow, "status" | "revokedAt" | "expiresAt">, now: Date): boolean =>
  k.status === "revoked" || k.revokedAt !== null || (k.expiresAt !== null && k.expiresAt <= now);

/**
 * A platform key as the API shows it. `approved` is what the platform is approved for in the key's
 * environment: the key's activeScopes are its scopes within it, and the key is 'pending' while any of its
 * scopes is not (it still works for the approved ones).
 */
export const serializeKey = (k: KeyRow, approved: readonly string[], now: Date): z.output<typeof ApiKeyResource> => {
  const activeScopes = k.scopes.filter((s) => approved.includes(s));
  const status = isKeyRevoked(k, now) ? "revoked" : activeScopes.length < k.scopes.length ? "pending" : "active";
  return {
    keyId: k.id,
    platformId: k.platformId ?? "",
    environment: k.environment,
    requestedScopes: [...k.scopes],
    activeScopes,
    status,
    label: k.label,
    prefix: k.prefix,
    createdAt: k.createdAt.toISOString(),
    updatedAt: k.updatedAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    expiresAt: k.expiresAt?.toISOString() ?? null,
    replacedByKeyId: k.replacedByKeyId,
  };
};
