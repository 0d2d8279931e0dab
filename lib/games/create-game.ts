import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { assertLiveAllowed } from "../tenants/assert-live-allowed.ts";
import { generateWebhookSecret } from "../webhooks/webhook-secret.ts";

/**
 * A game of a business, with its webhook signing secret. A live game needs the business approved to go live
 * (403 BUSINESS_NOT_ACTIVATED, nothing written): every caller (the portal's "Create game", the seed, tests) comes
 * through here.
 */
export const createGame = (
  ctx: DbContext,
  input: { businessId: string; environment: Environment; name: string; description?: string; imageUrl?: string; webhookUrl?: string | null },
) =>
  inTransaction(ctx.db, async (tx) => {
    await assertLiveAllowed({ db: tx }, { environment: input.environment, businessId: input.businessId });
    return tx.game.create({
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
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { ASSERT_LIVE_ALLOWED_ERRORS } from "../tenants/assert-live-allowed.ts";
export const CREATE_GAME_ERRORS = [...ASSERT_LIVE_ALLOWED_ERRORS] as const satisfies readonly ErrorCode[];
