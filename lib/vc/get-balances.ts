import type { GameContext } from "../core/context.ts";
import { Prisma } from "../db/generated/client.ts";
import { queryPrepared } from "../db/prepared.ts";
import { AppError } from "../core/errors.ts";
import { currencyOrNotFound } from "../currencies/find-currency.ts";
import { activeLinkOrNotFound } from "../linking/resolve-user-ref.ts";
import { vcAsset } from "../ledger/accounts.ts";
import type { Balance } from "./schemas.ts";

export type BalanceQuery = { currencyId: string; userRef: string };

type Row = {
  currencyId: string | null;
  currencyCreatedAt: Date | null;
  namespaceType: string | null;
  namespaceId: string | null;
  linkEnvironment: string | null;
  linkStatus: string | null;
  linkedAt: Date | null;
  /** int8: a string from node-postgres, a bigint through $queryRaw (lib/db/prepared.ts) */
  balance: string | bigint | null;
  updatedAt: Date | null;
};

/** PostgreSQL text cannot hold NUL: such a value matches nothing (and must not reach the query). */
const clean = (v: string) => (v.includes("\u0000") ? "" : v);

/**
 * Linked players' balances, each of one currency, in one query whatever their number (the currency, the
 * link and the account rows of each, joined): per query its balance, or the error it gets (404 for an
 * unknown or another game's currency, or a player without an active link). A player who never held
 * units has "0", dated from when the balance began to exist: the later of the currency's creation and
 * the player's link. An account is read without a lock; an issuer's balance would be the sum of its slot
 * rows, so the rows are summed. A named prepared statement on node-postgres (lib/db/prepared.ts: planned once, no
 * Prisma on the hot read path); times as timestamptz, so node-postgres reads them as instants in any time zone.
 */
export const getBalances = async (ctx: GameContext, queries: BalanceQuery[]): Promise<(Balance | AppError)[]> => {
  const rows = await queryPrepared<Row>(
    ctx.db,
    Prisma.sql`
    SELECT c."id" AS "currencyId", c."createdAt" AT TIME ZONE 'UTC' AS "currencyCreatedAt",
           l."namespaceType", l."namespaceId", l."environment"::text AS "linkEnvironment", l."status" AS "linkStatus",
           l."linkedAt" AT TIME ZONE 'UTC' AS "linkedAt", a."balance", a."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt"
    FROM unnest(${queries.map((q) => clean(q.currencyId))}::text[], ${queries.map((q) => vcAsset(clean(q.currencyId)))}::text[],
                ${queries.map((q) => clean(q.userRef))}::text[]) WITH ORDINALITY AS q(currency, asset, ref, ord)
    LEFT JOIN "VirtualCurrency" c ON c."id" = q.currency AND c."gameId" = ${ctx.scope.gameId} AND c."environment" = ${ctx.scope.environment}::"Environment"
    LEFT JOIN "PlayerLink" l ON l."userRef" = q.ref
    LEFT JOIN LATERAL (
      SELECT sum(x."balance")::bigint AS "balance", max(x."updatedAt") AS "updatedAt"
      FROM "LedgerAccount" x
      WHERE x."asset" = q.asset AND x."environment" = ${ctx.scope.environment}::"Environment" AND x."kind" = 'user' AND x."ownerRef" = q.ref
    ) a ON true
    ORDER BY q.ord`,
  );
  const namespace = { type: "game" as const, id: ctx.scope.gameId };
  return queries.map(({ currencyId, userRef }, i): Balance | AppError => {
    const r = rows[i];
    try {
      const currency = currencyOrNotFound(r.currencyId ? { id: r.currencyId, createdAt: r.currencyCreatedAt! } : null, currencyId);
      const link = activeLinkOrNotFound(
        r.namespaceType
          ? { namespaceType: r.namespaceType, namespaceId: r.namespaceId!, environment: r.linkEnvironment!, status: r.linkStatus!, linkedAt: r.linkedAt! }
          : null,
        { namespace, environment: ctx.scope.environment, userRef },
      );
      const since = currency.createdAt > link.linkedAt ? currency.createdAt : link.linkedAt;
      return { currencyId: currency.id, userRef, balanceUnits: String(r.balance ?? "0"), updatedAt: (r.updatedAt ?? since).toISOString() };
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
  });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_CURRENCY_ERRORS } from "../currencies/find-currency.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const GET_BALANCES_ERRORS = [...FIND_CURRENCY_ERRORS, ...RESOLVE_USER_REF_ERRORS] as const satisfies readonly ErrorCode[];
