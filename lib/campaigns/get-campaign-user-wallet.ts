import type { CampaignContext } from "../core/context.ts";
import { requireLinkConsent } from "../linking/link-consent.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { readPlayerWallet } from "../wallet/read-player-wallet.ts";

/**
 * The custody wallet (one USDC wallet per player and environment) of a player linked to the campaign:
 * 404 USER_REF_NOT_FOUND for a reference of another campaign or without an active link, 403
 * LINK_NOT_APPROVED when the player did not approve the link on the hosted page (lib/linking/link-consent.ts).
 */
export const getCampaignUserWallet = async (ctx: CampaignContext, { userRef }: { userRef: string }): Promise<{ address: string; balance: string }> => {
  const link = requireLinkConsent(
    await resolveUserRef(ctx, { namespace: { type: "campaign", id: ctx.scope.campaignId }, environment: ctx.scope.environment, userRef }),
    "balance:read",
  );
  const { address, balance } = await readPlayerWallet(ctx, { playerId: link.playerId, environment: ctx.scope.environment });
  return { address, balance };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LINK_CONSENT_ERRORS } from "../linking/link-consent.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const GET_CAMPAIGN_USER_WALLET_ERRORS = [...LINK_CONSENT_ERRORS, ...RESOLVE_USER_REF_ERRORS] as const satisfies readonly ErrorCode[];
