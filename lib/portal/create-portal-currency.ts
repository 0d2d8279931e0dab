import { recordAudit } from "../audit/record-audit.ts";
import { createCurrency } from "../currencies/create-currency.ts";
import { CreateCurrencyBody } from "../currencies/schemas.ts";
import { inTransaction } from "../db/transaction.ts";
import { actAsGame } from "./ledger-games.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

export type CurrencyForm = { code: string; name: string; baseUnitsPerVcUnit: string };

/**
 * A new currency of a game of the business: POST /v1/vc/currencies' body, schema and service (the code is
 * upper-cased, 409 CURRENCY_CODE_TAKEN when the game has it; an empty rate is the default "10000"), with
 * its treasury pool, and an audit entry in the same transaction.
 */
export const createPortalCurrency = async (ctx: PortalContext, input: { businessId: string; gameId: string } & CurrencyForm) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "currencies:write" });
  const game = await findBusinessGame(ctx, input);
  const rate = input.baseUnitsPerVcUnit.trim();
  const body = parseOrThrow(CreateCurrencyBody, { code: input.code, name: input.name, ...(rate === "" ? {} : { baseUnitsPerVcUnit: rate }) }, "body");
  return inTransaction(ctx.db, async (tx) => {
    const { currency } = await createCurrency(actAsGame({ db: tx }, game, member), body);
    await recordAudit(
      { db: tx },
      {
        businessId: game.businessId,
        environment: game.environment,
        actor: { type: "member", email: member.email },
        action: "currency.created",
        objectType: "currency",
        objectId: currency._id,
        details: { gameId: game.id, code: currency.code, name: currency.name, baseUnitsPerVcUnit: currency.baseUnitsPerVcUnit },
      },
    );
    return currency;
  });
};
