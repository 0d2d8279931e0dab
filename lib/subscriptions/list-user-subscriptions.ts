import type { GameContext } from "../core/context.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import { listPlayerSubscriptions } from "./list-player-subscriptions.ts";

/** Every subscription of the player in this game, Active first, newest first. */
export const listUserSubscriptions = async (ctx: GameContext, { userRef }: { userRef: string }) => {
  const link = await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.scope.gameId }, environment: ctx.scope.environment, userRef });
  return listPlayerSubscriptions(ctx, { playerId: link.playerId });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const LIST_USER_SUBSCRIPTIONS_ERRORS = [...RESOLVE_USER_REF_ERRORS] as const satisfies readonly ErrorCode[];
