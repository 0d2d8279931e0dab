import type { Deal } from "../db/generated/client.ts";
import type { DbContext } from "../core/context.ts";
import { AppError } from "../core/errors.ts";

const invalid = (message: string) => new AppError("INVALID_DEAL", message);

/**
 * The active deal `code` of the product, for a payment in `currencyId` (null: USD). Codes match
 * case-insensitively. An unknown or inactive code, or a deal in another currency, is 400 INVALID_DEAL.
 * The caller fixes the price when it creates the purchase.
 */
export const validateDeal = async (
  ctx: DbContext,
  { productId, code, currencyId }: { productId: string; code: string; currencyId: string | null },
): Promise<Deal> => {
  const normalized = code.trim();
  const deal = normalized
    ? await ctx.db.deal.findFirst({ where: { productId, code: { equals: normalized, mode: "insensitive" } }, orderBy: { createdAt: "asc" } })
    : null;
  if (!deal) throw invalid(`Deal code ${JSON.stringify(code)} does not exist for this item.`);
  if (deal.status !== "active") throw invalid(`Deal code ${JSON.stringify(code)} is not active.`);
  if (deal.currencyId !== currencyId)
    throw invalid(
      deal.currencyId === null
        ? `Deal code ${JSON.stringify(code)} is a USD deal; it cannot be used for a virtual-currency payment.`
        : currencyId === null
          ? `Deal code ${JSON.stringify(code)} is for a virtual currency (${deal.currencyId}); it cannot be used for a USD payment.`
          : `Deal code ${JSON.stringify(code)} is for currency ${deal.currencyId}, not the payment currency ${currencyId}.`,
    );
  return deal;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const VALIDATE_DEAL_ERRORS = ["INVALID_DEAL"] as const satisfies readonly ErrorCode[];
