import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import type { GameContext } from "../core/context.ts";
import { activeLinkOrNotFound } from "../linking/resolve-user-ref.ts";
import { serializeSubscription, type SerializableSubscription } from "../subscriptions/serialize-subscription.ts";

type Row = { namespaceType: string; namespaceId: string; environment: string; status: string; email: string } & {
  [K in keyof SerializableSubscription as `s_${K}`]: SerializableSubscription[K] | null;
};

/**
 * GET /v1/users/{userRef}: the linked player's email, profile image (none is stored yet: "") and subscriptions.
 * A hot read (issue 32, target 2): one named prepared statement on node-postgres (lib/db/prepared.ts) reads the link,
 * the player's email and the player's subscriptions in this game (a row each, or one row without any), so one round
 * trip, not Prisma's two; the link's checks are resolveUserRef's (activeLinkOrNotFound). Subscriptions Active first,
 * newest first, as listPlayerSubscriptions orders them.
 */
export const getUserInfo = async (ctx: GameContext, { userRef }: { userRef: string }) => {
  const { gameId, environment } = ctx.scope;
  // PostgreSQL text cannot hold NUL: such a reference matches no user (and must not reach the query)
  const rows = userRef.includes("\u0000")
    ? []
    : await queryPrepared<Row>(
        ctx.db,
        Prisma.sql`
        SELECT l."namespaceType", l."namespaceId", l."environment"::text AS "environment", l."status", p."email",
               s."id" AS "s_id", s."productId" AS "s_productId", s."status" AS "s_status", s."planCode" AS "s_planCode",
               s."planId" AS "s_planId", s."paymentMethod" AS "s_paymentMethod", s."lastChargeStatus" AS "s_lastChargeStatus",
               s."lastChargeError" AS "s_lastChargeError", s."currentPeriodEnd" AT TIME ZONE 'UTC' AS "s_currentPeriodEnd",
               s."canceledAt" AT TIME ZONE 'UTC' AS "s_canceledAt", s."createdAt" AT TIME ZONE 'UTC' AS "s_createdAt"
        FROM "PlayerLink" l
        JOIN "Player" p ON p."id" = l."playerId"
        LEFT JOIN "Subscription" s ON s."playerId" = l."playerId" AND s."gameId" = ${gameId} AND s."environment" = ${environment}::"Environment"
        WHERE l."userRef" = ${userRef}
        ORDER BY s."status" ASC, s."createdAt" DESC`,
      );
  const link = activeLinkOrNotFound(rows[0], { namespace: { type: "game", id: gameId }, environment, userRef });
  const subscriptions = rows
    .filter((r) => r.s_id !== null)
    .map((r) =>
      serializeSubscription({
        id: r.s_id!,
        productId: r.s_productId!,
        status: r.s_status!,
        planCode: r.s_planCode!,
        planId: r.s_planId!,
        paymentMethod: r.s_paymentMethod!,
        lastChargeStatus: r.s_lastChargeStatus,
        lastChargeError: r.s_lastChargeError,
        currentPeriodEnd: r.s_currentPeriodEnd!,
        canceledAt: r.s_canceledAt,
        createdAt: r.s_createdAt!,
      }),
    );
  return { userRef, email: link.email, profileImageUrl: "", subscriptions };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const GET_USER_INFO_ERRORS = [...RESOLVE_USER_REF_ERRORS] as const satisfies readonly ErrorCode[];
