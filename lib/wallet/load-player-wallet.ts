import type { Environment } from "../core/environment.ts";
import { requireLinkConsent } from "../linking/link-consent.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { readPlayerWallet } from "./read-player-wallet.ts";
import type { DbContext } from "../core/context.ts";

/**
 * The custody wallet of the player behind a game userRef (404 USER_REF_NOT_FOUND otherwise): one USDC
 * wallet per player and environment, shared by every game and campaign. Since the balance is the sum of
 * every game's and campaign's movements, only a game the player approved may read it (403
 * LINK_NOT_APPROVED without balance:read). balance is a USDC decimal string ("12.50"); balanceMicros
 * the same in micro-units.
 */
export const loadPlayerWallet = async (ctx: DbContext, { gameId, environment, userRef }: { gameId: string; environment: Environment; userRef: string }) => {
  const link = requireLinkConsent(await resolveUserRef(ctx, { namespace: { type: "game", id: gameId }, environment, userRef }), "balance:read");
  return { userRef, playerId: link.playerId, ...(await readPlayerWallet(ctx, { playerId: link.playerId, environment })) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LINK_CONSENT_ERRORS } from "../linking/link-consent.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const LOAD_PLAYER_WALLET_ERRORS = [...LINK_CONSENT_ERRORS, ...RESOLVE_USER_REF_ERRORS] as const satisfies readonly ErrorCode[];
