// /portal/{businessId}/platforms/{platformId}/webhooks: the webhook endpoints of a platform the business
// registered (the primary one is the platform's webhookUrl; others with their event filters) and its delivery
// log, as the game webhooks page shows a game's. Members with platforms:read; changes need webhooks:write.
import { listWebhookEndpoints } from "../webhooks/list-webhook-endpoints.ts";
import { findBusinessPlatform } from "./find-business-platform.ts";
import { loadWebhookLog, type WebhookLogFilter } from "./load-portal-webhooks.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** The events a platform receives (platform-api.md "Events"), for the endpoint filter's hint. */
export const PLATFORM_EVENT_NAMES = [
  "Platform.Link.Completed",
  "Platform.Link.Declined",
  "Platform.Campaign.Created",
  "Platform.Campaign.Updated",
  "Platform.Campaign.Deleted",
  "Platform.Campaign.Started",
  "Platform.Campaign.Stopped",
  "Platform.Campaign.EventRecorded",
  "Platform.SplitTemplate.Created",
  "Platform.SplitTemplate.Updated",
  "Platform.SplitTemplate.Deleted",
  "Platform.Distribution.Created",
  "platform.distribution.cancelled",
  "Platform.Gifts.Funded",
  "User.Account.Link.Started",
  "User.Account.Link.Succeeded",
  "User.Account.Link.Failed",
  "User.Account.Link.Canceled",
  "User.Account.Link.Removed",
];

export const loadPortalPlatformWebhooks = async (
  ctx: PortalContext,
  { businessId, platformId, filter = { page: 1 } }: { businessId: string; platformId: string; filter?: WebhookLogFilter },
) => {
  const member = await requirePortalAccess(ctx, { businessId, permission: "platforms:read" });
  const platform = await findBusinessPlatform(ctx, { businessId, platformId });
  const owner = { type: "platform" as const, id: platform.id };
  const endpoints = await listWebhookEndpoints(ctx, { owner });
  const { log, eventNames, filter: shown } = await loadWebhookLog(ctx, { owner, endpoints, filter });
  return { member, platform, endpoints, log, eventNames: [...new Set([...PLATFORM_EVENT_NAMES, ...eventNames])], filter: shown };
};
