import type { DbContext } from "../core/context.ts";
import { HEALTH_WINDOW_ATTEMPTS } from "./delivery-policy.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { ensurePrimaryEndpoint } from "./ensure-primary-endpoint.ts";
import { deliveriesOfEndpoint } from "./find-owner-endpoint.ts";
import { ownerColumns } from "./resolve-endpoint.ts";

export type EndpointHealth = {
  /** attempts counted (the last HEALTH_WINDOW_ATTEMPTS) */
  attempts: number;
  succeeded: number;
  /** succeeded / attempts, 0..1; null with no attempts */
  successRate: number | null;
  lastFailureAt: Date | null;
  lastFailure: string | null;
};

export type EndpointSummary = {
  id: string;
  primary: boolean;
  url: string | null;
  eventTypes: string[];
  description: string;
  /** the failure streak's start; warnedAt: the owner was warned; disabledAt: no more attempts */
  failingSince: Date | null;
  warnedAt: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
  /** until when the secret before the last rotation still signs */
  previousSecretUntil: Date | null;
  createdAt: Date;
  health: EndpointHealth;
};

const healthOf = async (ctx: DbContext, owner: WebhookOwner, row: { id: string; primaryOf: string | null }): Promise<EndpointHealth> => {
  const attempts = await ctx.db.webhookAttempt.findMany({
    where: { delivery: deliveriesOfEndpoint(owner, row) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: HEALTH_WINDOW_ATTEMPTS,
    select: { statusCode: true, error: true, createdAt: true },
  });
  const ok = (a: { statusCode: number | null }) => a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300;
  const succeeded = attempts.filter(ok).length;
  const lastFailure = attempts.find((a) => !ok(a));
  return {
    attempts: attempts.length,
    succeeded,
    successRate: attempts.length ? succeeded / attempts.length : null,
    lastFailureAt: lastFailure?.createdAt ?? null,
    lastFailure: lastFailure ? (lastFailure.error ?? `HTTP ${lastFailure.statusCode}`) : null,
  };
};

/**
 * The owner's endpoints for the portal, secrets left out: the primary first (its row made on first use; URL
 * null when the owner has none), then the others, oldest first, each with its health.
 */
export const listWebhookEndpoints = async (ctx: DbContext, { owner }: { owner: WebhookOwner }): Promise<EndpointSummary[]> => {
  const primary = await ensurePrimaryEndpoint(ctx, { owner });
  const cols = await ownerColumns(ctx, { owner });
  const others = await ctx.db.webhookEndpoint.findMany({
    where: { ownerType: owner.type, ownerId: owner.id, primaryOf: null, deletedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return Promise.all(
    [primary, ...others].map(async (row) => ({
      id: row.id,
      primary: row.primaryOf !== null,
      url: row.primaryOf ? (cols?.url ?? null) : row.url,
      eventTypes: row.eventTypes,
      description: row.description,
      failingSince: row.failingSince,
      warnedAt: row.warnedAt,
      disabledAt: row.disabledAt,
      disabledReason: row.disabledReason,
      previousSecretUntil: row.previousSecretUntil && row.previousSecretUntil > new Date() ? row.previousSecretUntil : null,
      createdAt: row.createdAt,
      health: await healthOf(ctx, owner, row),
    })),
  );
};
