import { recoverFailedDeliveries } from "../webhooks/recover-failed-deliveries.ts";
import { RecoverInput } from "../webhooks/schemas.ts";
import { portalCommand } from "./portal-command.ts";
import { findWebhookOwner, webhookAudit, type WebhookOwnerParams } from "./webhook-access.ts";

/** "Recover all failed since…" for one endpoint of a game or platform or platform (webhooks:write). `since`: an ISO date-time (UTC). */
export const recoverPortalWebhookDeliveries = portalCommand({
  permission: "webhooks:write",
  load: (ctx, params: WebhookOwnerParams & { endpointId: string; since: string | Date }) => findWebhookOwner(ctx, params),
  input: RecoverInput,
  form: ({ endpointId, since }) => ({ endpointId, since: typeof since === "string" && since.trim() === "" ? undefined : since }),
  run: (ctx, { input: body, target: { owner } }) => recoverFailedDeliveries(ctx, { owner, ...body }),
  audit: (out, { params, input: body, target: { record } }) =>
    webhookAudit(record, {
      action: "webhook_deliveries.recovered",
      objectId: params.endpointId,
      details: { since: body.since.toISOString(), recovered: out.recovered },
    }),
});
