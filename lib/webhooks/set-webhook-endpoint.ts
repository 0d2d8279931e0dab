import type { DbClient } from "../db/transaction.ts";
import { generateWebhookSecret } from "../http/keys.ts";
import { AppError } from "../http/errors.ts";
import type { WebhookOwner } from "./emit-event.ts";

const checkUrl = (url: string, httpsOnly: boolean) => {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new AppError("INVALID_WEBHOOK_URL", "The webhook URL is not a valid URL.", { status: 400 });
  }
  if (!["http:", "https:"].includes(u.protocol)) throw new AppError("INVALID_WEBHOOK_URL", "The webhook URL must use http or https.", { status: 400 });
  if (httpsOnly && u.protocol !== "https:") throw new AppError("INVALID_WEBHOOK_URL", "A campaign webhook URL must use https.", { status: 400 });
};

/**
 * Sets (or clears, with null) the webhook endpoint of a game, platform or campaign. `rotateSecret`
 * issues a new signing secret; a campaign gets its own secret the first time a URL is set.
 * Returns the endpoint's URL and current secret.
 */
export const setWebhookEndpoint = async (
  db: DbClient,
  owner: WebhookOwner,
  { url, rotateSecret = false, httpsOnly = false }: { url: string | null; rotateSecret?: boolean; httpsOnly?: boolean },
): Promise<{ url: string | null; secret: string | null }> => {
  if (url !== null) checkUrl(url, httpsOnly);
  if (owner.type === "game") {
    const g = await db.game.update({ where: { id: owner.id }, data: { webhookUrl: url, ...(rotateSecret ? { webhookSecret: generateWebhookSecret() } : {}) } });
    return { url: g.webhookUrl, secret: g.webhookSecret };
  }
  if (owner.type === "platform") {
    const p = await db.platform.update({ where: { id: owner.id }, data: { webhookUrl: url, ...(rotateSecret ? { webhookSecret: generateWebhookSecret() } : {}) } });
    return { url: p.webhookUrl, secret: p.webhookSecret };
  }
  const current = await db.campaign.findUniqueOrThrow({ where: { id: owner.id }, select: { webhookSecret: true } });
  const secret = url === null ? current.webhookSecret : rotateSecret || !current.webhookSecret ? generateWebhookSecret() : current.webhookSecret;
  const c = await db.campaign.update({ where: { id: owner.id }, data: { webhookUrl: url, webhookSecret: secret } });
  return { url: c.webhookUrl, secret: c.webhookSecret };
};
