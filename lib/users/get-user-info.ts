import type { GameContext } from "../core/context.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { listPlayerSubscriptions } from "../subscriptions/list-player-subscriptions.ts";

/**
 * GET /v1/users/{userRef}: the linked player's email, profile image (none is stored yet: "") and subscriptions.
 * The link is read once; the player and the subscriptions then together (two round trips, not four).
 */
export const getUserInfo = async (ctx: GameContext, { userRef }: { userRef: string }) => {
  const link = await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.scope.gameId }, environment: ctx.scope.environment, userRef });
  const [player, subscriptions] = await Promise.all([
    ctx.db.player.findUniqueOrThrow({ where: { id: link.playerId }, select: { email: true } }),
    listPlayerSubscriptions(ctx, { playerId: link.playerId }),
  ]);
  return { userRef, email: player.email, profileImageUrl: "", subscriptions };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const GET_USER_INFO_ERRORS = [...RESOLVE_USER_REF_ERRORS] as const satisfies readonly ErrorCode[];
