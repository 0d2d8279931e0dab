import type { GameContext } from "../core/context.ts";
import { pageInfo, pageWindow } from "../core/pagination.ts";
import { findCurrency } from "../currencies/find-currency.ts";
import { resolveUserRef } from "../linking/resolve-user-ref.ts";
import type { CashoutRequest } from "./schemas.ts";
import { serializeCashout } from "./serialize-cashout.ts";
import type { CashoutStatus } from "./states.ts";

type CashoutQuery = { currencyId: string; status?: CashoutStatus; userRef?: string; page: number; limit: number };

/** A currency's cashout requests, newest first, optionally of one status and one player. */
export const listCashouts = async (ctx: GameContext, q: CashoutQuery): Promise<{ items: CashoutRequest[]; pagination: ReturnType<typeof pageInfo> }> => {
  const currency = await findCurrency(ctx, { currencyId: q.currencyId });
  if (q.userRef !== undefined)
    await resolveUserRef(ctx, { namespace: { type: "game", id: ctx.scope.gameId }, environment: ctx.scope.environment, userRef: q.userRef });
  const where = {
    gameId: ctx.scope.gameId,
    environment: ctx.scope.environment,
    currencyId: currency.id,
    ...(q.status ? { status: q.status } : {}),
    ...(q.userRef !== undefined ? { userRef: q.userRef } : {}),
  };
  const [rows, totalCount] = await Promise.all([
    ctx.db.cashoutRequest.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(q) }),
    ctx.db.cashoutRequest.count({ where }),
  ]);
  return { items: rows.map(serializeCashout), pagination: pageInfo({ page: q.page, limit: q.limit, totalCount }) };
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { FIND_CURRENCY_ERRORS } from "../currencies/find-currency.ts";
import { RESOLVE_USER_REF_ERRORS } from "../linking/resolve-user-ref.ts";
export const LIST_CASHOUTS_ERRORS = [...FIND_CURRENCY_ERRORS, ...RESOLVE_USER_REF_ERRORS] as const satisfies readonly ErrorCode[];
