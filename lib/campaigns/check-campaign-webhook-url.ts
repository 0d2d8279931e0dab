import type { Environment } from "../core/environment.ts";
import { checkWebhookUrl } from "../webhooks/check-webhook-url.ts";
import { loopbackRule } from "../webhooks/loopback-rule.ts";
import type { LookupAll } from "../webhooks/resolve-webhook-target.ts";

/**
 * A campaign webhook URL as the platform routes take it: https only, public (loopback only for test
 * campaigns where the operator allows it, as everywhere: lib/webhooks/loopback-rule.ts), else 400 INVALID_WEBHOOK_URL naming `webhookUrl` (lib/webhooks/check-webhook-url.ts).
 */
export const checkCampaignWebhookUrl = (url: string, { environment, lookup }: { environment: Environment; lookup?: LookupAll }) =>
  checkWebhookUrl(url, { httpsOnly: true, ...loopbackRule(environment), field: "webhookUrl", lookup });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CHECK_WEBHOOK_URL_ERRORS } from "../webhooks/check-webhook-url.ts";
export const CHECK_CAMPAIGN_WEBHOOK_URL_ERRORS = [...CHECK_WEBHOOK_URL_ERRORS] as const satisfies readonly ErrorCode[];
