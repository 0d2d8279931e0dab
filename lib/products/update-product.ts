import { newId } from "../db/ids.ts";
import { inTransaction } from "../db/transaction.ts";
import type { GameContext } from "../core/context.ts";
import { loadProduct } from "./load-product.ts";
import { checkCurrencies, checkProductShape } from "./product-rules.ts";
import type { UpdateProductBody } from "./schemas.ts";
import { serializeProduct } from "./serialize-product.ts";

/**
 * Changes the fields sent and leaves the others. virtualCurrencyPrices replaces the whole set; keys are
 * appended to the pool; price null removes the USD price. The result must still have a price and a
 * fulfilment config that fits its type. Only an active product may be made visible or for sale.
 */
export const updateProduct = (ctx: GameContext, { productId, body }: { productId: string; body: UpdateProductBody }) =>
  inTransaction(ctx.db, async (tx) => {
    const { gameId } = ctx.scope;
    const environment = ctx.scope.environment;
    const current = await loadProduct({ ...ctx, db: tx }, { gameId, environment, productId, lock: true });
    const priceCents = body.price === undefined ? current.priceCents : body.price;
    const fulfillmentType = body.fulfillmentType ?? current.fulfillmentType;
    const grant = body.virtualCurrencyGrant;
    const keepsGrant = fulfillmentType === "GRANT_VIRTUAL_CURRENCY" && (grant !== undefined || current.grantCurrencyId !== null);
    checkProductShape({
      priceCents,
      vcPriceCount: body.virtualCurrencyPrices ? body.virtualCurrencyPrices.length : current.vcPrices.length,
      fulfillmentType,
      hasGrant: keepsGrant,
      sendsGrant: grant !== undefined,
      addsKeys: body.keys !== undefined,
      status: current.status,
      isVisible: body.isVisible ?? current.isVisible,
      forSale: body.forSale ?? current.forSale,
    });
    await checkCurrencies({ ...ctx, db: tx }, { gameId, environment, prices: body.virtualCurrencyPrices, grantCurrencyId: grant?.currencyId });
    await tx.product.update({
      where: { id: productId },
      data: {
        name: body.name,
        type: body.type,
        description: body.description,
        baseGameRequirementText: body.baseGameRequirementText,
        priceCents,
        imageUrl: body.imageUrl,
        fulfillmentType,
        // a product that stops granting currency drops its grant config
        grantCurrencyId: keepsGrant ? (grant?.currencyId ?? current.grantCurrencyId) : null,
        grantAmountUnits: keepsGrant ? (grant?.amountUnits ?? current.grantAmountUnits) : null,
        isVisible: body.isVisible,
        isPriceVisible: body.isPriceVisible,
        forSale: body.forSale,
        perUserLimit: body.perUserLimit,
        metadata: body.metadata as object | undefined,
      },
    });
    if (body.virtualCurrencyPrices) {
      await tx.productVcPrice.deleteMany({ where: { productId } });
      await tx.productVcPrice.createMany({
        data: body.virtualCurrencyPrices.map((p) => ({ id: newId(), productId, currencyId: p.currencyId, amount: BigInt(p.amount) })),
      });
    }
    if (body.keys) await tx.productKey.createMany({ data: body.keys.map((value) => ({ id: newId(), productId, value })) });
    return serializeProduct(await loadProduct({ ...ctx, db: tx }, { gameId, environment, productId }));
  });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { LOAD_PRODUCT_ERRORS } from "./load-product.ts";
import { PRODUCT_RULES_ERRORS } from "./product-rules.ts";
export const UPDATE_PRODUCT_ERRORS = [...LOAD_PRODUCT_ERRORS, ...PRODUCT_RULES_ERRORS] as const satisfies readonly ErrorCode[];
