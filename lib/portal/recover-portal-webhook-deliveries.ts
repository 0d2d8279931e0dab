import { recoverFailedDeliveries } from "../webhooks/recover-failed-deliveries.ts";
import { RecoverInput } from "../webhooks/schemas.ts";
import { portalCommand } from "./portal-command.ts";
import { findWebhookGame, webhookAudit } from "./webhook-access.ts";

/** "Recover all failed since…" for one endpoint of a game (webhooks:write). `since`: an ISO date-time (UTC). */
export const recoverPortalWebhookDeliveries = portalCommand({
  permission: "webhooks:write",
  load: (ctx, params: { businessId: string; gameId: string; endpointId: string; since: string | Date }) => findWebhookGame(ctx, params),
  input: RecoverInput,
  form: ({ endpointId, since }) => ({ endpointId, since: typeof since === "string" && since.trim() === "" ? undefined : since }),
  run: (ctx, { input: body, target: { owner } }) => recoverFailedDeliveries(ctx, { owner, ...body }),
  audit: (out, { params, input: body, target: { game } }) =>
    webhookAudit(game, {
      action: "webhook_deliveries.recovered",
      objectId: params.endpointId,
      details: { since: body.since.toISOString(), recovered: out.recovered },
    }),
});
