import { recordAudit } from "../audit/record-audit.ts";
import { inTransaction } from "../db/transaction.ts";
import { CreateKeyBody } from "../platform/schemas.ts";
import { issueApiKey } from "../tenants/issue-api-key.ts";
import { findBusinessCampaign } from "./load-portal-campaigns.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

const Label = CreateKeyBody.pick({ label: true });

/** What the key is for: one of the business's games (a server key) or one of its campaigns (a campaign key). */
export type KeyOwner = { gameId: string; campaignId?: undefined } | { campaignId: string; gameId?: undefined };

/**
 * A new key of the business, in its owner's environment: a server key for a game ({gameId}) or a campaign key
 * for a campaign that is not deleted ({campaignId}). The raw key is returned this once (only its hash is kept).
 */
export const createGameKey = async (ctx: PortalContext, input: { businessId: string; label: string } & KeyOwner) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "keys:write" });
  const owner =
    input.campaignId !== undefined
      ? { kind: "campaign" as const, ...(await findBusinessCampaign(ctx, { businessId: input.businessId, campaignId: input.campaignId })) }
      : { kind: "server" as const, ...(await findBusinessGame(ctx, { businessId: input.businessId, gameId: input.gameId })) };
  const { label } = parseOrThrow(Label, { label: input.label }, "body");
  const ownerRef = owner.kind === "campaign" ? { campaignId: owner.id } : { gameId: owner.id };
  const { key, rawKey } = await inTransaction(ctx.db, async (tx) => {
    const issued = await issueApiKey({ db: tx }, { kind: owner.kind, environment: owner.environment, ...ownerRef, label });
    // the prefix and label only: never the raw key
    await recordAudit(
      { db: tx },
      {
        businessId: owner.businessId,
        environment: owner.environment,
        actor: { type: "member", email: member.email },
        action: "api_key.created",
        objectType: "api_key",
        objectId: issued.key.id,
        details: { ...ownerRef, prefix: issued.key.prefix, label },
      },
    );
    return issued;
  });
  return { keyId: key.id, kind: owner.kind, prefix: key.prefix, label: key.label, gameId: key.gameId, campaignId: key.campaignId, rawKey };
};
