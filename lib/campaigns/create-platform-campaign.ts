import type { TargetContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { emitEvent } from "../webhooks/emit-event.ts";
import { generateWebhookSecret } from "../webhooks/webhook-secret.ts";
import { checkCampaignWebhookUrl } from "./check-campaign-webhook-url.ts";
import { createCampaign } from "./create-campaign.ts";
import type { CreatePlatformCampaignBody } from "./platform-schemas.ts";
import { campaignChangedData, serializePlatformCampaign } from "./serialize-platform-campaign.ts";

/**
 * A campaign of the target business in the key's environment, state `created`, made by the calling platform
 * and key (recorded on the row). A webhookUrl is checked (https, public) and gets a new webhookSecret.
 * Platform.Campaign.Created goes to the platform's endpoint, with webhookSecret when a URL is set.
 */
export const createPlatformCampaign = async (ctx: TargetContext, body: CreatePlatformCampaignBody) => {
  const { businessId } = ctx.scope;
  if (body.webhookUrl) await checkCampaignWebhookUrl(body.webhookUrl, { environment: ctx.scope.environment });
  return inTransaction(ctx.db, async (tx) => {
    const campaign = await createCampaign(
      { db: tx },
      {
        businessId,
        environment: ctx.scope.environment,
        name: body.name,
        publicName: body.publicName,
        message: body.message ?? "",
        events: (body.events ?? []).map((e) => ({ code: e.code, name: e.name, payoutMicros: e.payoutAmount })),
        createdByPlatformId: ctx.scope.platformId,
        createdByKeyId: ctx.actor.keyId,
        webhook: body.webhookUrl ? { url: body.webhookUrl, secret: generateWebhookSecret() } : undefined,
      },
    );
    await emitEvent(tx, {
      owner: { type: "platform", id: ctx.scope.platformId },
      environment: ctx.scope.environment,
      event: "Platform.Campaign.Created",
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
import { CREATE_CAMPAIGN_ERRORS } from "./create-campaign.ts";
export const CREATE_PLATFORM_CAMPAIGN_ERRORS = [...CHECK_CAMPAIGN_WEBHOOK_URL_ERRORS, ...CREATE_CAMPAIGN_ERRORS] as const satisfies readonly ErrorCode[];
