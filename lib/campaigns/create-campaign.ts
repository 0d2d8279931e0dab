import { newId } from "../db/ids.ts";
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { custodyAddress } from "../ledger/address.ts";
import { inTransaction } from "../db/transaction.ts";
import { assertLiveAllowed } from "../tenants/assert-live-allowed.ts";

export type EventDefinitionInput = { code: string; name: string; payoutMicros: bigint };

/**
 * A campaign in state `created`, with its event definitions and its custody address. A live campaign needs its
 * business approved to go live (403 BUSINESS_NOT_ACTIVATED, nothing written), whoever calls.
 */
export const createCampaign = async (
  ctx: DbContext,
  input: {
    businessId: string;
    gameId?: string;
    environment: Environment;
    name: string;
    publicName?: string;
    events: EventDefinitionInput[];
    createdByPlatformId?: string;
    /** platform campaigns: the acting key, the payout email message and the campaign's own webhook endpoint */
    createdByKeyId?: string;
    message?: string;
    webhook?: { url: string; secret: string };
  },
) => {
  const id = newId();
  return inTransaction(ctx.db, async (tx) => {
    await assertLiveAllowed({ db: tx }, { environment: input.environment, businessId: input.businessId });
    return tx.campaign.create({
      data: {
        id,
        businessId: input.businessId,
        gameId: input.gameId,
        environment: input.environment,
        name: input.name,
        publicName: input.publicName ?? input.name,
        address: custodyAddress("campaign", id, input.environment),
        createdByPlatformId: input.createdByPlatformId,
        createdByKeyId: input.createdByKeyId,
        message: input.message,
        webhookUrl: input.webhook?.url,
        webhookSecret: input.webhook?.secret,
        events: { create: input.events.map((e) => ({ id: newId(), code: e.code, name: e.name, payoutMicros: e.payoutMicros })) },
      },
      include: { events: true },
    });
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { ASSERT_LIVE_ALLOWED_ERRORS } from "../tenants/assert-live-allowed.ts";
export const CREATE_CAMPAIGN_ERRORS = [...ASSERT_LIVE_ALLOWED_ERRORS] as const satisfies readonly ErrorCode[];
