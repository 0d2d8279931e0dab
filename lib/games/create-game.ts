import { newId } from "../db/ids.ts";
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { generateWebhookSecret } from "../webhooks/webhook-secret.ts";

/** A game of a business, with its webhook signing secret. */
export const createGame = (
  ctx: DbContext,
  input: { businessId: string; environment: Environment; name: string; description?: string; imageUrl?: string; webhookUrl?: string | null },
) =>
  ctx.db.game.create({
    data: {
      id: newId(),
      businessId: input.businessId,
      environment: input.environment,
      name: input.name,
      description: input.description ?? "",
      imageUrl: input.imageUrl ?? "",
      webhookUrl: input.webhookUrl ?? null,
      webhookSecret: generateWebhookSecret(),
    },
  });
