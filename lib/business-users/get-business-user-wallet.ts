import type { TargetContext } from "../core/context.ts";
import { requireLinkConsent } from "../linking/link-consent.ts";
import { readPlayerWallet } from "../wallet/read-player-wallet.ts";
import { resolveBusinessUser } from "./resolve-business-user.ts";

/**
 * The custody wallet of a business-linked player: one USDC wallet per player and environment. Reading it
 * needs the player's approval of the business (given on the hosted link page; 403 LINK_NOT_APPROVED
 * without it), as for games (lib/linking/link-consent.ts).
 */
export const getBusinessUserWallet = async (ctx: TargetContext, { userRef }: { userRef: string }): Promise<{ address: string; balance: string }> => {
  const link = requireLinkConsent(await resolveBusinessUser(ctx, userRef), "balance:read");
  const { address, balance } = await readPlayerWallet(ctx, { playerId: link.playerId, environment: ctx.scope.environment });
  return { address, balance };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_BUSINESS_USER_ERRORS } from "./resolve-business-user.ts";
import { LINK_CONSENT_ERRORS } from "../linking/link-consent.ts";
export const GET_BUSINESS_USER_WALLET_ERRORS = [...RESOLVE_BUSINESS_USER_ERRORS, ...LINK_CONSENT_ERRORS] as const satisfies readonly ErrorCode[];
