import { newId } from "../db/ids.ts";
import type { DbContext } from "../core/context.ts";
import type { Environment } from "../core/environment.ts";
import { custodyAddress } from "../ledger/address.ts";

export type EventDefinitionInput = { code: string; name: string; payoutMicros: bigint };

/** A campaign in state `created`, with its event definitions and its custody address. */
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
  return ctx.db.campaign.create({
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
};
