import type { PlatformCampaignContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { generateWebhookSecret } from "../webhooks/webhook-secret.ts";
import { checkCampaignWebhookUrl } from "./check-campaign-webhook-url.ts";
import { lockCampaign } from "./lock-campaign.ts";
import type { UpdatePlatformCampaignBody } from "./platform-schemas.ts";
import { campaignChangedData, serializePlatformCampaign } from "./serialize-platform-campaign.ts";

/**
 * Changes the fields sent, in any state, with the campaign row locked. `events` replaces the whole list of
 * definitions (payouts already made keep their code and name). `webhookUrl`: a URL different from the
 * current one is checked (https, public) and gets a new webhookSecret; the same URL keeps its secret; null
 * clears the URL and the secret. Platform.Campaign.Updated goes to the platform's endpoint.
 */
export const updatePlatformCampaign = async (ctx: PlatformCampaignContext, body: UpdatePlatformCampaignBody) => {
  const { campaignId } = ctx.scope;
  if (body.webhookUrl) await checkCampaignWebhookUrl(body.webhookUrl, { environment: ctx.scope.environment });
  return inTransaction(ctx.db, async (tx) => {
    const current = await lockCampaign({ db: tx }, { campaignId, mode: "update" });
    if (current.status === "deleted") throw notFound("Campaign", "CAMPAIGN_NOT_FOUND");
    const webhook =
      body.webhookUrl === null
        ? { webhookUrl: null, webhookSecret: null }
        : body.webhookUrl === undefined || body.webhookUrl === current.webhookUrl
          ? {}
          : { webhookUrl: body.webhookUrl, webhookSecret: generateWebhookSecret() };
    if (body.events) {
      await tx.campaignEventDefinition.deleteMany({ where: { campaignId } });
      await tx.campaignEventDefinition.createMany({
        data: body.events.map((e) => ({ id: newId(), campaignId, code: e.code, name: e.name, payoutMicros: e.payoutAmount })),
      });
    }
    const campaign = await tx.campaign.update({
      where: { id: campaignId },
      data: { name: body.name, publicName: body.publicName, message: body.message, ...webhook },
      include: { events: true },
    });
    await emitEvent(tx, {
      owner: { type: "platform", id: ctx.scope.platformId },
      environment: ctx.scope.environment,
      event: "Platform.Campaign.Updated",
      objectType: "campaign",
      objectId: campaign.id,
      data: campaignChangedData(campaign),
    });
    return serializePlatformCampaign(campaign);
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CHECK_CAMPAIGN_WEBHOOK_URL_ERRORS } from "./check-campaign-webhook-url.ts";
import { LOCK_CAMPAIGN_ERRORS } from "./lock-campaign.ts";
export const UPDATE_PLATFORM_CAMPAIGN_ERRORS = [
  "CAMPAIGN_NOT_FOUND",
  ...CHECK_CAMPAIGN_WEBHOOK_URL_ERRORS,
  ...LOCK_CAMPAIGN_ERRORS,
] as const satisfies readonly ErrorCode[];
