import { z } from "zod";
import type { Purchase } from "../db/generated/client.ts";

type Item = { id: string; name: string; type: string; priceCents: number | null };

export const PurchaseItem = z.object({ _id: z.string(), name: z.string(), type: z.string(), price: z.number().int() });

/** The user purchase history shape (game-api.md "Purchase"), plus the fields a caller needs to act on it. */
export const PurchaseJson = z.object({
  _id: z.string(),
  gameId: z.string(),
  createdAt: z.string(),
  paymentProvider: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  priceInCents: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  currencyId: z.string().nullable(),
  status: z.string(),
  isPaid: z.boolean(),
  fulfillmentStatus: z.string(),
  dealCode: z.string().nullable(),
  userRef: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  deliveredKey: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  completedAt: z.string().nullable(),
  item: PurchaseItem,
});
export type PurchaseJson = z.infer<typeof PurchaseJson>;

const asObject = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export const serializePurchase = (p: Purchase, item: Item): PurchaseJson => ({
  _id: p.id,
  gameId: p.gameId,
  createdAt: p.createdAt.toISOString(),
  paymentProvider: p.paymentProvider,
  paymentMethod: p.paymentMethod,
  priceInCents: p.priceInCents,
  amount: Number(p.amount),
  currency: p.currency,
  currencyId: p.currencyId,
  status: p.status,
  isPaid: p.isPaid,
  fulfillmentStatus: p.fulfillmentStatus,
  dealCode: p.dealCode,
  userRef: p.userRef,
  subscriptionId: p.subscriptionId,
  deliveredKey: p.deliveredKey,
  metadata: asObject(p.metadata),
  completedAt: p.completedAt?.toISOString() ?? null,
  item: { _id: item.id, name: item.name, type: item.type, price: item.priceCents ?? 0 },
});
