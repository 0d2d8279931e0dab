// What every portal webhook command acts on: a game of the business (another business's is 404
// GAME_NOT_FOUND), as the webhook services' owner; and the audit entry each change records (the portal
// command checks the member's permission first and writes the entry in the change's transaction).
import type { WebhookOwner } from "../webhooks/emit-event.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import type { PortalAuditEntry } from "./portal-command.ts";
import type { PortalContext } from "./require-portal-access.ts";

export type WebhookGame = { id: string; name: string; environment: "test" | "live"; businessId: string };

/** The game of `gameId`, when it is the business's, and the webhook owner it is. */
export const findWebhookGame = async (
  ctx: PortalContext,
  { businessId, gameId }: { businessId: string; gameId: string },
): Promise<{ game: WebhookGame; owner: WebhookOwner }> => {
  const game = await findBusinessGame(ctx, { businessId, gameId });
  return { game, owner: { type: "game", id: game.id } };
};

/** The audit entry of a webhook change (details never hold a secret). */
export const webhookAudit = (
  game: WebhookGame,
  { action, objectType = "webhook_endpoint", objectId, details }: { action: string; objectType?: string; objectId: string; details?: Record<string, unknown> },
): PortalAuditEntry => ({
  businessId: game.businessId,
  environment: game.environment,
  action,
  objectType,
  objectId,
  details: { gameId: game.id, ...details },
});
