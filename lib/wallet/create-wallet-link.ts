import type { GameContext } from "../core/context.ts";
import { appBaseUrl } from "../config/settings.ts";
import { loadPlayerWallet } from "./load-player-wallet.ts";
import { signWalletToken, WALLET_LINK_TTL_SECONDS } from "./wallet-link-token.ts";

/** POST /v1/wallet/manage: a signed link, valid for 1 hour, to the player's hosted wallet page. */
export const createWalletLink = async (ctx: GameContext, { userId }: { userId: string }) => {
  await loadPlayerWallet(ctx, { gameId: ctx.scope.gameId, environment: ctx.scope.environment, userRef: userId });
  const game = await ctx.db.game.findUniqueOrThrow({ where: { id: ctx.scope.gameId }, select: { webhookSecret: true } });
  const token = signWalletToken(
    { g: ctx.scope.gameId, e: ctx.scope.environment, u: userId, x: Math.floor(Date.now() / 1000) + WALLET_LINK_TTL_SECONDS },
    game.webhookSecret,
  );
  return { linkUrl: `${appBaseUrl()}/wallet/${token}` };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_PLAYER_WALLET_ERRORS } from "./load-player-wallet.ts";
export const CREATE_WALLET_LINK_ERRORS = [...LOAD_PLAYER_WALLET_ERRORS] as const satisfies readonly ErrorCode[];
