// What every portal webhook command acts on: the webhook owner named by the page, a game of the business
// (another business's is 404 GAME_NOT_FOUND) or a platform the business registered (another business's is 404
// PLATFORM_NOT_FOUND), as the webhook services' owner; and the audit entry each change records (the portal
// command checks the member's permission first and writes the entry in the change's transaction).
import type { WebhookOwner } from "../webhooks/emit-event.ts";
import { findBusinessPlatform } from "./find-business-platform.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import type { PortalAuditEntry } from "./portal-command.ts";
import type { PortalContext } from "./require-portal-access.ts";

export type WebhookGame = { id: string; name: string; environment: "test" | "live"; businessId: string };

/** Whose webhooks a command changes: a game (`gameId`) or a platform (`platformId`) of the business. */
export type WebhookOwnerParams = { businessId: string; gameId?: string; platformId?: string };

/** The owner as the audit entry names it: the business and environment it is recorded in, and the owner's id. */
export type WebhookOwnerRecord = { businessId: string; environment: "test" | "live"; details: { gameId: string } | { platformId: string } };

/**
 * The game or platform the params name, when it is the business's, and the webhook owner it is. A platform
 * has no mode of its own (it receives both): its changes are recorded in the business's environment.
 */
export const findWebhookOwner = async (
  ctx: PortalContext,
  { businessId, gameId, platformId }: WebhookOwnerParams,
): Promise<{ owner: WebhookOwner; record: WebhookOwnerRecord }> => {
  if (platformId !== undefined) {
    const platform = await findBusinessPlatform(ctx, { businessId, platformId });
    const business = await ctx.db.business.findUniqueOrThrow({ where: { id: businessId }, select: { environment: true } });
    return { owner: { type: "platform", id: platform.id }, record: { businessId, environment: business.environment, details: { platformId: platform.id } } };
  }
  const game = await findBusinessGame(ctx, { businessId, gameId: gameId ?? "" });
  return { owner: { type: "game", id: game.id }, record: { businessId: game.businessId, environment: game.environment, details: { gameId: game.id } } };
};

/** The audit entry of a webhook change (details never hold a secret). */
export const webhookAudit = (
  record: WebhookOwnerRecord,
  { action, objectType = "webhook_endpoint", objectId, details }: { action: string; objectType?: string; objectId: string; details?: Record<string, unknown> },
): PortalAuditEntry => ({
  businessId: record.businessId,
  environment: record.environment,
  action,
  objectType,
  objectId,
  details: { ...record.details, ...details },
});
