import { createCurrency } from "../currencies/create-currency.ts";
import { CreateCurrencyBody } from "../currencies/schemas.ts";
import { actAsGame } from "./ledger-games.ts";
import { findBusinessGame } from "./load-portal-game.ts";
import { portalCommand } from "./portal-command.ts";

export type CurrencyForm = { code: string; name: string; baseUnitsPerVcUnit: string };

/**
 * A new currency of a game of the business: POST /v1/vc/currencies' body, schema and service (the code is
 * upper-cased, 409 CURRENCY_CODE_TAKEN when the game has it; an empty rate is the default "10000"), with
 * its treasury pool, and an audit entry in the same transaction.
 */
export const createPortalCurrency = portalCommand({
  permission: "currencies:write",
  load: (ctx, params: { businessId: string; gameId: string } & CurrencyForm) => findBusinessGame(ctx, params),
  input: CreateCurrencyBody,
  form: ({ code, name, baseUnitsPerVcUnit }) => {
    const rate = baseUnitsPerVcUnit.trim();
    return { code, name, ...(rate === "" ? {} : { baseUnitsPerVcUnit: rate }) };
  },
  run: async (ctx, { member, input, target: game }) => (await createCurrency(actAsGame(ctx, game, member), input)).currency,
  audit: (currency, { target: game }) => ({
    businessId: game.businessId,
    environment: game.environment,
    action: "currency.created",
    objectType: "currency",
    objectId: currency._id,
    details: { gameId: game.id, code: currency.code, name: currency.name, baseUnitsPerVcUnit: currency.baseUnitsPerVcUnit },
  }),
});
