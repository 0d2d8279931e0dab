import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import type { GameContext } from "../core/context.ts";
import { notFound } from "../core/errors.ts";
import { serializeGame, type SerializableGame } from "./serialize-game.ts";

/**
 * The game of the calling server key. A hot read (issue 32, target 2): a named prepared statement on node-postgres
 * (lib/db/prepared.ts) with only the columns the answer shows, not Prisma's findFirst of the whole row (its secret and
 * theme included); times as timestamptz, so node-postgres reads them as instants whatever the process's time zone.
 */
export const getGame = async (ctx: GameContext) => {
  const [game] = await queryPrepared<SerializableGame>(
    ctx.db,
    Prisma.sql`
    SELECT g."id", g."name", g."description", g."imageUrl", g."smallImageUrl", g."storeImageUrl", g."demoUrl", g."demoImageUrl",
           g."discordUrl", g."steamAppId", g."screenshots", g."movies", g."hideSuccessPageShareButtons", g."storeUrl", g."termsUrl",
           g."supportUrl", g."taxLabel", g."taxRateBps", g."refundClawback", g."status", g."environment"::text AS "environment",
           g."affiliateRate", g."isVisible", g."createdAt" AT TIME ZONE 'UTC' AS "createdAt", g."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt"
    FROM "Game" g WHERE g."id" = ${ctx.scope.gameId} AND g."environment" = ${ctx.scope.environment}::"Environment"`,
  );
  if (!game) throw notFound("Game");
  return serializeGame(game);
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const GET_GAME_ERRORS = ["NOT_FOUND"] as const satisfies readonly ErrorCode[];
