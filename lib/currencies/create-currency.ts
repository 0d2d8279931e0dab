import { newId } from "../db/ids.ts";
import { inTransaction, pgCode } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { conflict } from "../core/errors.ts";
import { vcAsset, vcPool } from "../ledger/accounts.ts";
import { ensureAccounts } from "../ledger/ensure-accounts.ts";
import { DEFAULT_BASE_UNITS_PER_VC_UNIT, type CreateCurrencyBody } from "./schemas.ts";
import { serializeCurrency } from "./serialize-currency.ts";

const taken = (code: string) => conflict("CURRENCY_CODE_TAKEN", `This game already has a currency with code ${JSON.stringify(code)}.`);

/** A new active currency of the caller's game, with its treasury pool account (balance 0). Codes are unique per game. */
export const createCurrency = (ctx: GameContext, body: CreateCurrencyBody) =>
  inTransaction(ctx.db, async (tx) => {
    const gameId = ctx.scope.gameId;
    if (await tx.virtualCurrency.findUnique({ where: { gameId_code: { gameId, code: body.code } }, select: { id: true } })) throw taken(body.code);
    const id = newId();
    const currency = await tx.virtualCurrency
      .create({
        data: {
          id,
          gameId,
          environment: ctx.scope.environment,
          code: body.code,
          name: body.name,
          baseUnitsPerVcUnit: body.baseUnitsPerVcUnit ?? DEFAULT_BASE_UNITS_PER_VC_UNIT,
        },
      })
      .catch((err: unknown) => {
        // a concurrent create of the same code
        if (["23505", "P2002"].includes(pgCode(err) ?? "")) throw taken(body.code);
        throw err;
      });
    await ensureAccounts(tx, { asset: vcAsset(id), environment: ctx.scope.environment, accounts: [vcPool(id, ctx.scope.environment)] });
    return { currency: serializeCurrency(currency) };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const CREATE_CURRENCY_ERRORS = ["CURRENCY_CODE_TAKEN"] as const satisfies readonly ErrorCode[];
