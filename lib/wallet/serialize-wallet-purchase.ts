import type { Purchase } from "../db/generated/client.ts";
import type { Payout } from "./plan-payouts.ts";

/** The payouts as the API shows them: recipient, recipientAddress, amount (USDC micro-units). */
export const publicPayouts = (payouts: unknown) =>
  ((payouts ?? []) as Payout[]).map(({ recipient, recipientAddress, amount }) => ({ recipient, recipientAddress, amount }));

/** The spec's wallet purchase. */
export const serializeWalletPurchase = (p: Purchase) => ({
  _id: p.id,
  itemId: p.productId,
  userId: p.userRef,
  gameId: p.gameId,
  environment: p.environment,
  status: p.status,
  fulfillmentStatus: p.fulfillmentStatus,
  priceInCents: p.priceInCents,
  taxAmountInCents: p.taxAmountInCents,
  amount: Number(p.amount),
  currency: p.currency,
  dealCode: p.dealCode,
  feeRate: (p.feeRate ?? { percentage: 0, flat: 0 }) as { percentage: number; flat: number },
  feeName: p.feeName ?? "",
  payouts: publicPayouts(p.payouts),
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});
