import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { unprocessable } from "../core/errors.ts";
import { loadVcParty } from "../vc/load-vc-party.ts";
import { vcAsset } from "../ledger/accounts.ts";
import { getAccountBalance } from "../ledger/get-account-balance.ts";
import type { RequestCashoutBody } from "./schemas.ts";

/**
 * A cashout request in pendingReview, with the currency's rate captured now. No balance moves; units
 * above the player's current balance are refused (422), and approval checks the balance again. Only a
 * link the player approved to spend VC may ask (403 LINK_NOT_APPROVED): approving the request later
 * debits under that consent.
 */
export const requestCashout = (ctx: GameContext, body: RequestCashoutBody): Promise<{ cashoutRequestId: string }> =>
  inTransaction(ctx.db, async (tx) => {
    const { currency } = await loadVcParty({ ...ctx, db: tx }, { ...body, consent: "vc:spend" });
    const { balance } = await getAccountBalance(tx, { asset: vcAsset(currency.id), environment: ctx.scope.environment, kind: "user", ownerRef: body.userRef });
    if (body.units > balance)
      throw unprocessable("INSUFFICIENT_FUNDS", `User ${JSON.stringify(body.userRef)} has ${balance} units; this cashout requests ${body.units}.`);
    const id = newId();
    await tx.cashoutRequest.create({
      data: {
        id,
        gameId: ctx.scope.gameId,
        environment: ctx.scope.environment,
        currencyId: currency.id,
        userRef: body.userRef,
        units: body.units,
        status: "pendingReview",
        baseUnitsPerVcUnit: currency.baseUnitsPerVcUnit,
        rateCapturedAt: new Date(),
      },
    });
    return { cashoutRequestId: id };
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_VC_PARTY_ERRORS } from "../vc/load-vc-party.ts";
export const REQUEST_CASHOUT_ERRORS = ["INSUFFICIENT_FUNDS", ...LOAD_VC_PARTY_ERRORS] as const satisfies readonly ErrorCode[];
