import type { DbContext } from "../core/context.ts";
import { now } from "../core/clock.ts";
import { PREVIOUS_SECRET_GRACE_MS } from "./delivery-policy.ts";
import { ensurePrimaryEndpoint } from "./ensure-primary-endpoint.ts";
import { generateWebhookSecret } from "./webhook-secret.ts";
import { checkWebhookUrl } from "./check-webhook-url.ts";
import { loopbackRule, type LoopbackRule } from "./loopback-rule.ts";
import type { WebhookOwner } from "./emit-event.ts";
import type { LookupAll } from "./resolve-webhook-target.ts";

/**
 * The loopback rule for the owner's URLs (loopback-rule.ts): only where the operator allows loopback receivers
 * (WEBHOOK_ALLOW_LOOPBACK), and then a test game or campaign may use one, a live one may not. A platform has
 * no mode of its own (it receives both), so its URL may then be loopback; each delivery of a live event
 * refuses it.
 */
export const ownerLoopbackRule = async ({ db }: DbContext, { owner }: { owner: WebhookOwner }): Promise<LoopbackRule> => {
  if (owner.type === "platform") return loopbackRule("any");
  const select = { environment: true } as const;
  const row =
    owner.type === "game" ? await db.game.findUnique({ where: { id: owner.id }, select }) : await db.campaign.findUnique({ where: { id: owner.id }, select });
  return loopbackRule(row?.environment === "test" ? "test" : "live");
};

/** Before the primary secret is replaced: the current one keeps signing for 24 h. */
export const keepPreviousSecret = async (ctx: DbContext, { owner }: { owner: WebhookOwner }): Promise<void> => {
  const { db } = ctx;
  const select = { webhookSecret: true } as const;
  const row =
    owner.type === "game"
      ? await db.game.findUnique({ where: { id: owner.id }, select })
      : owner.type === "platform"
        ? await db.platform.findUnique({ where: { id: owner.id }, select })
        : await db.campaign.findUnique({ where: { id: owner.id }, select });
  if (!row?.webhookSecret) return;
  const primary = await ensurePrimaryEndpoint(ctx, { owner });
  await db.webhookEndpoint.update({
    where: { id: primary.id },
    data: { previousSecret: row.webhookSecret, previousSecretUntil: new Date(now().getTime() + PREVIOUS_SECRET_GRACE_MS) },
  });
};

/**
 * Sets (or clears, with null) the webhook endpoint of a game, platform or campaign, after checking where the
 * URL points (check-webhook-url.ts: 400 INVALID_WEBHOOK_URL naming `url`). `rotateSecret`
 * issues a new signing secret (the old one keeps signing, as x-service-signature-previous, for 24 h); a
 * campaign gets its own secret the first time a URL is set. This is the owner's primary endpoint; the others
 * are WebhookEndpoint rows (create-webhook-endpoint.ts). Returns the endpoint's URL and current secret.
 */
export const setWebhookEndpoint = async (
  ctx: DbContext,
  {
    owner,
    url,
    rotateSecret = false,
    httpsOnly = false,
    lookup,
  }: { owner: WebhookOwner; url: string | null; rotateSecret?: boolean; httpsOnly?: boolean; lookup?: LookupAll },
): Promise<{ url: string | null; secret: string | null }> => {
  const { db } = ctx;
  if (url !== null) await checkWebhookUrl(url, { httpsOnly, ...(await ownerLoopbackRule(ctx, { owner })), lookup });
  if (rotateSecret) await keepPreviousSecret(ctx, { owner });
  if (owner.type === "game") {
    const g = await db.game.update({ where: { id: owner.id }, data: { webhookUrl: url, ...(rotateSecret ? { webhookSecret: generateWebhookSecret() } : {}) } });
    return { url: g.webhookUrl, secret: g.webhookSecret };
  }
  if (owner.type === "platform") {
    const p = await db.platform.update({
      where: { id: owner.id },
      data: { webhookUrl: url, ...(rotateSecret ? { webhookSecret: generateWebhookSecret() } : {}) },
    });
    return { url: p.webhookUrl, secret: p.webhookSecret };
  }
  const current = await db.campaign.findUniqueOrThrow({ where: { id: owner.id }, select: { webhookSecret: true } });
  const secret = url === null ? current.webhookSecret : rotateSecret || !current.webhookSecret ? generateWebhookSecret() : current.webhookSecret;
  const c = await db.campaign.update({ where: { id: owner.id }, data: { webhookUrl: url, webhookSecret: secret } });
  return { url: c.webhookUrl, secret: c.webhookSecret };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { CHECK_WEBHOOK_URL_ERRORS } from "./check-webhook-url.ts";
export const SET_WEBHOOK_ENDPOINT_ERRORS = [...CHECK_WEBHOOK_URL_ERRORS] as const satisfies readonly ErrorCode[];
