import type { TxContext } from "../db/transaction.ts";
import { newId } from "../db/ids.ts";
import { now } from "../core/clock.ts";
import type { Environment } from "../core/environment.ts";
import { loadPlatform, scopesSeenFrom } from "./load-platform.ts";
import { isManagementScope } from "./scopes.ts";

/**
 * Asks for `scopes` to be approved for the platform, in its transaction. Management scopes are approved
 * at once everywhere; with a test key every other scope is approved at once for test keys only; with a
 * live key the ones not yet approved wait for an operator (approve-scope-requests.ts). Returns the
 * request and the platform's scopes as the key's environment now sees them.
 */
export const recordScopeRequest = async ({ db: tx }: TxContext, input: { platformId: string; environment: Environment; scopes: string[] }) => {
  const platform = await loadPlatform({ db: tx }, { platformId: input.platformId, lock: true });
  const { approvedScopes } = scopesSeenFrom(input.environment, platform);
  const missing = input.scopes.filter((s) => !approvedScopes.includes(s));
  const management = missing.filter(isManagementScope);
  const others = missing.filter((s) => !isManagementScope(s));
  const add = (list: string[], more: string[]) => [...new Set([...list, ...more])];
  const live = input.environment === "live";
  const updated = await tx.platform.update({
    where: { id: platform.id },
    data: {
      approvedScopes: add(platform.approvedScopes, management),
      ...(live ? { pendingScopes: add(platform.pendingScopes, others) } : { testApprovedScopes: add(platform.testApprovedScopes, others) }),
    },
  });
  const pending = live && others.length > 0;
  const request = await tx.platformScopeRequest.create({
    data: {
      id: newId(),
      platformId: platform.id,
      environment: input.environment,
      scopes: input.scopes,
      status: pending ? "pending" : "approved",
      decidedAt: pending ? null : now(),
    },
  });
  return { request, platform: updated, seen: scopesSeenFrom(input.environment, updated) };
};
