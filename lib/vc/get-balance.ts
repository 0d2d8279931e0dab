import type { GameContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";
import { createGroupCommit } from "../core/group-commit.ts";
import { readTargetOf } from "../db/replica.ts";
import { isInTransaction } from "../db/transaction.ts";
import { getBalances, type BalanceQuery } from "./get-balances.ts";
import type { Balance } from "./schemas.ts";

/**
 * Balance reads of one game that arrive while others are in flight are read together, in one query
 * (getBalances). Each read's query starts after the read arrived, so it sees every write answered
 * before it; a read with no company runs at once. Reads on different databases (the primary, a replica:
 * lib/db/replica.ts) are never grouped, so a writer's read held on the primary stays there.
 */
const reads = createGroupCommit<{ ctx: GameContext; query: BalanceQuery }, Balance | AppError>({
  maxBatch: () => 128,
  maxInFlight: () => 4,
  run: (items) =>
    getBalances(
      items[0].ctx,
      items.map((i) => i.query),
    ),
});

/**
 * A linked player's balance of one currency. A player who never held units has "0", dated from when
 * the balance began to exist: the later of the currency's creation and the player's link.
 */
export const getBalance = async (ctx: GameContext, query: BalanceQuery): Promise<Balance> => {
  // inside a caller's transaction, read there; otherwise with the other reads of this game and environment
  const balance = isInTransaction(ctx.db)
    ? (await getBalances(ctx, [query]))[0]
    : await reads.submit(`${ctx.scope.gameId}\n${ctx.scope.environment}\n${readTargetOf(ctx.db)}`, { ctx, query });
  if (balance instanceof AppError) throw balance;
  return balance;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { GET_BALANCES_ERRORS } from "./get-balances.ts";
export const GET_BALANCE_ERRORS = [...GET_BALANCES_ERRORS] as const satisfies readonly ErrorCode[];
