import { AppError } from "../core/errors.ts";

/** Product field names in the platform item's words. */
const itemField = (field: string): string =>
  field === "virtualCurrencyGrant" || field === "virtualCurrencyGrant.currencyId"
    ? "grantVirtualCurrencyId"
    : field === "virtualCurrencyGrant.amountUnits"
      ? "grantAmount"
      : field.replace(/^virtualCurrencyPrices\.(\d+)\.currencyId$/, "virtualCurrencyPrices.$1.0");

const itemMessage = (message: string): string => message.replace(": {currencyId, amountUnits}", " (with grantAmount)");

/**
 * The product rules (lib/products/product-rules.ts) name product fields; a platform sent item fields. This
 * renames them in an error's details and message, so the 400 or 404 names what the platform sent.
 */
export const asItemError = (e: unknown): unknown => {
  if (!(e instanceof AppError) || !e.details?.length) return e;
  const details = e.details.map((d) => ({ field: itemField(d.field), message: itemMessage(d.message) }));
  const listed = details.map((d) => `${d.field} ${d.message}`).join("; ");
  const message =
    e.key === "VALIDATION_ERROR"
      ? `Invalid body: ${listed}.`
      : e.key === "CURRENCY_NOT_FOUND"
        ? `${details.map((d) => `${d.field}: ${d.message}`).join("; ")}. Create currencies with POST /v1/vc/currencies.`
        : e.message;
  return new AppError(e.key, message, { details });
};

/** Runs a product service, renaming the fields of its errors. */
export const withItemErrors = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (e) {
    throw asItemError(e);
  }
};
