import { z } from "zod";
import { BaseUnitsPerVcUnit } from "../currencies/schemas.ts";
import { serializeCurrency } from "../currencies/serialize-currency.ts";
import { findBusinessCurrency } from "./ledger-games.ts";
import { portalCommand } from "./portal-command.ts";

/**
 * Changes a currency's cashout rate (USDC micro-units per VC unit), validated by the API's own field schema.
 * Requests made before keep the rate they captured (approval converts at the captured rate); new requests
 * capture the new one. The row is locked, so two changes apply one after the other; the audit entry names
 * both rates.
 */
export const setCurrencyRate = portalCommand({
  permission: "currencies:write",
  load: (ctx, params: { businessId: string; currencyId: string; baseUnitsPerVcUnit: string }) => findBusinessCurrency(ctx, params),
  input: z.object({ baseUnitsPerVcUnit: BaseUnitsPerVcUnit }),
  form: ({ baseUnitsPerVcUnit }) => ({ baseUnitsPerVcUnit }),
  run: async (ctx, { input: { baseUnitsPerVcUnit }, target: found }) => {
    const [before] = await ctx.db.$queryRaw<{ baseUnitsPerVcUnit: string }[]>`
      SELECT "baseUnitsPerVcUnit" FROM "VirtualCurrency" WHERE "id" = ${found.id} FOR UPDATE`;
    const currency = await ctx.db.virtualCurrency.update({ where: { id: found.id }, data: { baseUnitsPerVcUnit } });
    return { currency, from: before!.baseUnitsPerVcUnit };
  },
  audit: ({ currency, from }, { input: { baseUnitsPerVcUnit } }) => ({
    environment: currency.environment,
    action: "currency.rate_changed",
    objectType: "currency",
    objectId: currency.id,
    details: { gameId: currency.gameId, code: currency.code, from, to: baseUnitsPerVcUnit },
  }),
  after: (_, { currency }) => serializeCurrency(currency),
});
