import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { approvedScopesFor } from "./scopes.ts";

/** The platform row; `lock` takes a row lock for a read-modify-write of its scope arrays. */
export const loadPlatform = async ({ db }: DbContext, { platformId, lock = false }: { platformId: string; lock?: boolean }) => {
  if (lock) await db.$queryRaw`SELECT 1 FROM "Platform" WHERE "id" = ${platformId} FOR UPDATE`;
  return db.platform.findUniqueOrThrow({ where: { id: platformId } });
};

type ScopeColumns = { approvedScopes: string[]; pendingScopes: string[]; testApprovedScopes: string[] };

/** approvedScopes and pendingScopes as a key of `environment` sees them (nothing waits in test). */
export const scopesSeenFrom = (environment: Environment, p: ScopeColumns) => {
  const approvedScopes = approvedScopesFor(environment, p);
  return { approvedScopes, pendingScopes: environment === "test" ? [] : p.pendingScopes.filter((s) => !approvedScopes.includes(s)) };
};
