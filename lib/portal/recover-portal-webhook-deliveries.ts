import { recoverFailedDeliveries } from "../webhooks/recover-failed-deliveries.ts";
import { RecoverInput } from "../webhooks/schemas.ts";
import type { PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";
import { auditWebhook, requireWebhookGame } from "./webhook-access.ts";

/** "Recover all failed since…" for one endpoint of a game (webhooks:write). `since`: an ISO date-time (UTC). */
export const recoverPortalWebhookDeliveries = async (
  ctx: PortalContext,
  input: { businessId: string; gameId: string; endpointId: string; since: string | Date },
) => {
  const { member, game, owner } = await requireWebhookGame(ctx, { ...input, permission: "webhooks:write" });
  const since = typeof input.since === "string" && input.since.trim() === "" ? undefined : input.since;
  const body = parseOrThrow(RecoverInput, { endpointId: input.endpointId, since }, "body");
  const out = await recoverFailedDeliveries(ctx, { owner, ...body });
  await auditWebhook(ctx, {
    member,
    game,
    action: "webhook_deliveries.recovered",
    objectId: input.endpointId,
    details: { since: body.since.toISOString(), recovered: out.recovered },
  });
  return out;
};
