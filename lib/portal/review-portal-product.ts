import { recordAudit } from "../audit/record-audit.ts";
import { badRequest } from "../core/errors.ts";
import { inTransaction } from "../db/transaction.ts";
import { productNotFound } from "../products/load-product.ts";
import { reviewUgcProduct } from "../products/review-ugc-product.ts";
import { ReviewBody } from "../products/schemas.ts";
import { numberOf } from "./product-form.ts";
import { memberActor, portalProduct } from "./product-game-context.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";
import { parseOrThrow } from "../http/validation.ts";

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
export const reviewPortalProduct = async (
  ctx: PortalContext,
  input: { businessId: string; productId: string } & ({ decision: "approve"; form: ApproveForm } | { decision: "decline"; reason: string }),
) => {
  const member = await requirePortalAccess(ctx, { businessId: input.businessId, permission: "catalogue:write" });
  const { product: row, game, gctx } = await portalProduct(ctx, member, input);
  if (row.creatorType !== "ugc" || !row.creatorUserRef) throw productNotFound(input.productId);
  if (input.decision === "decline" && input.reason.trim() === "")
    throw badRequest("VALIDATION_ERROR", "Invalid body: reason is required when declining: tell the creator what to change.", [
      { field: "reason", message: "is required when declining: tell the creator what to change" },
    ]);
  const body = parseOrThrow(ReviewBody, input.decision === "approve" ? approveBodyOf(input.form) : { decision: "decline", reason: input.reason }, "body");
  const userRef = row.creatorUserRef;
  return inTransaction(ctx.db, async (tx) => {
    const product = await reviewUgcProduct({ ...gctx, db: tx }, { userRef, productId: input.productId, body });
    const { decision, reason, ...overrides } = body;
    await recordAudit(
      { db: tx },
      {
        businessId: game.businessId,
        environment: game.environment,
        actor: memberActor(member),
        action: decision === "approve" ? "product.approved" : "product.declined",
        objectType: "product",
        objectId: product._id,
        requestId: gctx.requestId,
        details: { gameId: game.id, creatorUserRef: userRef, ...(decision === "approve" ? { overrides } : { reason }) },
      },
    );
    return product;
  });
};
