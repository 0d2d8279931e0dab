// What every portal webhook service does first: the member's permission for the business (401/404/403,
// require-portal-access.ts), then the game, which must be the business's (else 404 GAME_NOT_FOUND); and
// the audit entry each change records.
import { recordAudit } from "../audit/record-audit.ts";
import type { DbContext } from "../core/context.ts";
import type { WebhookOwner } from "../webhooks/emit-event.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import type { PortalPermission } from "./permissions.ts";
import { requirePortalAccess, type PortalContext, type PortalMember } from "./require-portal-access.ts";

export type WebhookGame = { id: string; name: string; environment: "test" | "live"; businessId: string };

export const requireWebhookGame = async (
  ctx: PortalContext,
  { businessId, gameId, permission }: { businessId: string; gameId: string; permission: PortalPermission },
): Promise<{ member: PortalMember; game: WebhookGame; owner: WebhookOwner }> => {
  const member = await requirePortalAccess(ctx, { businessId, permission });
  const game = await findBusinessGame(ctx, { businessId, gameId });
  return { member, game, owner: { type: "game", id: game.id } };
};

/** One audit entry for a webhook change by a member (details never hold a secret). */
export const auditWebhook = (
  ctx: DbContext,
  {
    member,
    game,
    action,
    objectType = "webhook_endpoint",
    objectId,
    details,
  }: { member: PortalMember; game: WebhookGame; action: string; objectType?: string; objectId: string; details?: Record<string, unknown> },
) =>
  recordAudit(ctx, {
    businessId: game.businessId,
    environment: game.environment,
    actor: { type: "member", email: member.email },
    action,
    objectType,
    objectId,
    details: { gameId: game.id, ...details },
  });
