import type { CheckoutGrant, CheckoutSession } from "../db/generated/client.ts";

/** A grant as the test helpers return it. */
export const serializeGrant = (g: CheckoutGrant) => ({
  _id: g.id,
  status: g.status,
  itemId: g.productId,
  userRef: g.userRef,
  email: g.email,
  checkoutMetadata: g.checkoutMetadata ?? null,
  customMessage: g.customMessage,
  purchaseId: g.purchaseId,
  expiresAt: g.expiresAt.toISOString(),
  createdAt: g.createdAt.toISOString(),
});

/** A redirect checkout session as the test helper returns it. */
export const serializeSession = (s: CheckoutSession) => ({
  _id: s.id,
  status: s.status,
  itemId: s.productId,
  checkoutMethod: s.checkoutMethod,
  dealCode: s.dealCode,
  redirectUrl: s.redirectUrl,
  purchaseId: s.purchaseId,
  expiresAt: s.expiresAt.toISOString(),
});
