import { now } from "../core/clock.ts";
import type { DbContext } from "../core/context.ts";
import { inTransaction } from "../db/transaction.ts";
import { PREVIOUS_SECRET_GRACE_MS } from "./delivery-policy.ts";
import type { WebhookOwner } from "./emit-event.ts";
import { findOwnerEndpoint } from "./find-owner-endpoint.ts";
import { keepPreviousSecret } from "./set-webhook-endpoint.ts";
import { generateWebhookSecret } from "./webhook-secret.ts";

/**
 * Gives an endpoint a new signing secret. For 24 h both sign: x-service-signature with the new one,
 * x-service-signature-previous with the old one, so a receiver can switch without losing a delivery. The
 * primary's secret is the owner's webhookSecret. Returns the new secret and until when the old one signs.
 */
export const rotateWebhookSecret = async (
  ctx: DbContext,
  { owner, endpointId }: { owner: WebhookOwner; endpointId: string },
): Promise<{ secret: string; previousSecretUntil: Date }> => {
  const row = await findOwnerEndpoint(ctx, { owner, endpointId });
  const secret = generateWebhookSecret();
  const previousSecretUntil = new Date(now().getTime() + PREVIOUS_SECRET_GRACE_MS);
  await inTransaction(ctx.db, async (tx) => {
    if (row.primaryOf) {
      await keepPreviousSecret({ ...ctx, db: tx }, { owner });
      const data = { webhookSecret: secret };
      if (owner.type === "game") await tx.game.update({ where: { id: owner.id }, data });
      else if (owner.type === "platform") await tx.platform.update({ where: { id: owner.id }, data });
      else await tx.campaign.update({ where: { id: owner.id }, data });
    } else await tx.webhookEndpoint.update({ where: { id: row.id }, data: { secret, previousSecret: row.secret, previousSecretUntil } });
  });
  return { secret, previousSecretUntil };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_OWNER_ENDPOINT_ERRORS } from "./find-owner-endpoint.ts";
export const ROTATE_WEBHOOK_SECRET_ERRORS = [...FIND_OWNER_ENDPOINT_ERRORS] as const satisfies readonly ErrorCode[];
