// Checks shared by product create, update and review: currencies of this game, a price, and a
// fulfilment config that matches the fulfilment type.
import { AppError, type ErrorDetail } from "../core/errors.ts";
import type { Environment } from "../core/environment.ts";
import { isSaleable } from "./ugc-states.ts";
import type { DbContext } from "../core/context.ts";

const invalid = (field: string, message: string) => new AppError("VALIDATION_ERROR", `Invalid body: ${field} ${message}.`, { details: [{ field, message }] });

/** Every currency named in the prices and the grant belongs to this game and environment, else 404 CURRENCY_NOT_FOUND naming the field. */
export const checkCurrencies = async (
  ctx: DbContext,
  {
    gameId,
    environment,
    prices = [],
    grantCurrencyId,
  }: { gameId: string; environment: Environment; prices?: { currencyId: string }[]; grantCurrencyId?: string },
) => {
  const named: [string, string][] = prices.map((p, i) => [`virtualCurrencyPrices.${i}.currencyId`, p.currencyId]);
  if (grantCurrencyId) named.push(["virtualCurrencyGrant.currencyId", grantCurrencyId]);
  if (named.length === 0) return;
  const found = await ctx.db.virtualCurrency.findMany({ where: { id: { in: named.map(([, id]) => id) }, gameId, environment }, select: { id: true } });
  const ok = new Set(found.map((c) => c.id));
  const details: ErrorDetail[] = named
    .filter(([, id]) => !ok.has(id))
    .map(([field, id]) => ({ field, message: `currency ${JSON.stringify(id)} is not a currency of this game` }));
  if (details.length)
    throw new AppError("CURRENCY_NOT_FOUND", `${details.map((d) => `${d.field}: ${d.message}`).join("; ")}. Create currencies with POST /v1/vc/currencies.`, {
      details,
    });
};

/** The product as it will be after the write: it has a price, and its fulfilment config fits its type. */
export type ProductShape = {
  priceCents: number | null;
  vcPriceCount: number;
  fulfillmentType: string;
  hasGrant: boolean;
  addsKeys: boolean;
  sendsGrant: boolean;
  status: string;
  isVisible: boolean;
  forSale: boolean;
};

export const checkProductShape = (p: ProductShape) => {
  if (p.priceCents === null && p.vcPriceCount === 0) throw invalid("price", "is required: give a USD price in cents, virtualCurrencyPrices, or both");
  if (p.fulfillmentType === "GRANT_VIRTUAL_CURRENCY" && !p.hasGrant)
    throw invalid("virtualCurrencyGrant", "is required for fulfillmentType GRANT_VIRTUAL_CURRENCY: {currencyId, amountUnits}");
  if (p.fulfillmentType !== "GRANT_VIRTUAL_CURRENCY" && p.sendsGrant)
    throw invalid("virtualCurrencyGrant", "is only for fulfillmentType GRANT_VIRTUAL_CURRENCY");
  if (p.fulfillmentType !== "KEY_DELIVERY" && p.addsKeys) throw invalid("keys", "are only for fulfillmentType KEY_DELIVERY");
  if (!isSaleable(p.status) && (p.isVisible || p.forSale))
    throw new AppError("PRODUCT_NOT_ACTIVE", `A product in status '${p.status}' cannot be visible or for sale; it becomes so when approved.`);
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const PRODUCT_RULES_ERRORS = ["CURRENCY_NOT_FOUND", "PRODUCT_NOT_ACTIVE", "VALIDATION_ERROR"] as const satisfies readonly ErrorCode[];
