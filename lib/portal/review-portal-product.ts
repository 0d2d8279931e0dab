import { badRequest } from "../core/errors.ts";
import { productNotFound } from "../products/load-product.ts";
import { reviewUgcProduct } from "../products/review-ugc-product.ts";
import { ReviewBody } from "../products/schemas.ts";
import { numberOf } from "./product-form.ts";
import { portalProduct } from "./product-game-context.ts";
import { portalCommand } from "./portal-command.ts";

/** The approve form's overrides as the form shows them (prefilled with the product's own values). */
export type ApproveForm = { isVisible: string; forSale: string; price: string; vcPrices: Record<string, string> };

const ticked = (v: string) => v === "on" || v === "true";

/** POST /v1/products/{userRef}/{productId}/review's body for an approval: the overrides as shown (an empty USD price removes it). */
const approveBodyOf = (f: ApproveForm) => ({
  decision: "approve",
  isVisible: ticked(f.isVisible),
  forSale: ticked(f.forSale),
  price: f.price.trim() === "" ? null : numberOf(f.price),
  virtualCurrencyPrices: Object.entries(f.vcPrices)
    .filter(([, v]) => v.trim() !== "")
    .map(([currencyId, amount]) => ({ currencyId, amount: numberOf(amount) })),
});

/**
 * The review queue's decision on a submitted player-made product, through the review route's schema and
 * service (reviewUgcProduct, acting as the product's game for its creator's userRef). A decline needs a
 * reason here: it is what the creator reads (reviewNote) before submitting again. Audited.
 */
export const reviewPortalProduct = portalCommand({
  permission: "catalogue:write",
  load: async (
    ctx,
    params: { businessId: string; productId: string } & ({ decision: "approve"; form: ApproveForm } | { decision: "decline"; reason: string }),
    member,
  ) => {
    const found = await portalProduct(ctx, member, params);
    const userRef = found.product.creatorType === "ugc" ? found.product.creatorUserRef : null;
    if (!userRef) throw productNotFound(params.productId);
    return { ...found, userRef };
  },
  input: ReviewBody,
  form: (params) => {
    if (params.decision === "decline" && params.reason.trim() === "")
      throw badRequest("VALIDATION_ERROR", "Invalid body: reason is required when declining: tell the creator what to change.", [
        { field: "reason", message: "is required when declining: tell the creator what to change" },
      ]);
    return params.decision === "approve" ? approveBodyOf(params.form) : { decision: "decline", reason: params.reason };
  },
  run: (ctx, { params, input: body, target: { gctx, userRef } }) => reviewUgcProduct({ ...gctx, db: ctx.db }, { userRef, productId: params.productId, body }),
  audit: (product, { input: { decision, reason, ...overrides }, target: { game, gctx, userRef } }) => ({
    businessId: game.businessId,
    environment: game.environment,
    action: decision === "approve" ? "product.approved" : "product.declined",
    objectType: "product",
    objectId: product._id,
    requestId: gctx.requestId,
    details: { gameId: game.id, creatorUserRef: userRef, ...(decision === "approve" ? { overrides } : { reason }) },
  }),
});
