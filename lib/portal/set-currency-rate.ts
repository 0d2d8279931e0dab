import { z } from "zod";
import { recordAudit } from "../audit/record-audit.ts";
import { BaseUnitsPerVcUnit } from "../currencies/schemas.ts";
import { serializeCurrency } from "../currencies/serialize-currency.ts";
import { inTransaction } from "../db/transaction.ts";
import { findBusinessCurrency } from "./ledger-games.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

const RateBody = z.object({ baseUnitsPerVcUnit: BaseUnitsPerVcUnit });

/**
 * Changes a currency's cashout rate (USDC micro-units per VC unit), validated by the API's own field schema.
 * Requests made before keep the rate they captured (approval converts at the captured rate); new requests
 * capture the new one. The row is locked, so two changes apply one after the other; the audit entry names
 * both rates.
 */
export const setCurrencyRate = async (ctx: PortalContext, input: { businessId: string; currencyId: string; baseUnitsPerVcUnit: string }) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "currencies:write" });
  const found = await findBusinessCurrency(ctx, input);
  const { baseUnitsPerVcUnit } = parseOrThrow(RateBody, { baseUnitsPerVcUnit: input.baseUnitsPerVcUnit }, "body");
  return inTransaction(ctx.db, async (tx) => {
    const [before] = await tx.$queryRaw<{ baseUnitsPerVcUnit: string }[]>`
      SELECT "baseUnitsPerVcUnit" FROM "VirtualCurrency" WHERE "id" = ${found.id} FOR UPDATE`;
    const currency = await tx.virtualCurrency.update({ where: { id: found.id }, data: { baseUnitsPerVcUnit } });
    await recordAudit(
      { db: tx },
      {
        businessId: input.businessId,
        environment: currency.environment,
        actor: { type: "member", email: member.email },
        action: "currency.rate_changed",
        objectType: "currency",
        objectId: currency.id,
        details: { gameId: currency.gameId, code: currency.code, from: before!.baseUnitsPerVcUnit, to: baseUnitsPerVcUnit },
      },
    );
    return serializeCurrency(currency);
  });
};
