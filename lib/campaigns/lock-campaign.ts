import type { Campaign } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";

/**
 * The campaign row, locked until the transaction ends. `update` serializes lifecycle changes; `share`
 * (events) lets payouts run side by side while a stop waits for the ones in flight, so no event is paid
 * after a stop has committed. Call it inside a transaction.
 */
export const lockCampaign = async (ctx: DbContext, { campaignId, mode }: { campaignId: string; mode: "update" | "share" }): Promise<Campaign> => {
  const rows =
    mode === "update"
      ? await ctx.db.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Campaign" WHERE "id" = ${campaignId} FOR UPDATE`
      : await ctx.db.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Campaign" WHERE "id" = ${campaignId} FOR SHARE`;
  if (rows.length === 0) throw notFound(`Campaign ${JSON.stringify(campaignId)}`, "CAMPAIGN_NOT_FOUND");
  return ctx.db.campaign.findUniqueOrThrow({ where: { id: campaignId } });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const LOCK_CAMPAIGN_ERRORS = ["CAMPAIGN_NOT_FOUND"] as const satisfies readonly ErrorCode[];
