import type { Environment } from "../core/environment.ts";
import { loadPortalWebhooks, webhookLogFingerprint, type WebhookLogFilter } from "./load-portal-webhooks.ts";
import type { PortalContext } from "./require-portal-access.ts";

/**
 * The webhooks page's live state (GET /portal/{businessId}/webhooks/log, polled by the page): for the same game
 * and filter as the page, the log's fingerprint and each shown delivery's status, attempts and next attempt.
 * webhooks:read, checked first (signed out 401, another business 404, a role without it 403).
 */
export const loadPortalWebhookLogState = async (
  ctx: PortalContext,
  input: { businessId: string; environment: Environment; gameId?: string; filter: WebhookLogFilter },
) => {
  const { selected, log } = await loadPortalWebhooks(ctx, input);
  if (!selected || !log) return { gameId: null, fingerprint: "", totalCount: 0, deliveries: [] };
  return {
    gameId: selected.id,
    fingerprint: webhookLogFingerprint(log),
    totalCount: log.pagination.totalCount,
    deliveries: log.deliveries.map((d) => ({
      id: d.id,
      event: d.event,
      status: d.status,
      attempts: d.attempts,
      nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    })),
  };
};
