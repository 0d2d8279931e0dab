import type { Deal as DealRow } from "../db/generated/client.ts";
import type { Deal } from "./schemas.ts";

export const serializeDeal = (d: DealRow): Deal => ({
  _id: d.id,
  code: d.code,
  itemId: d.productId,
  gameId: d.gameId,
  currencyType: d.currencyId ? "VC" : "USD",
  currencyId: d.currencyId,
  overridePrice: Number(d.overridePrice),
  status: d.status === "inactive" ? "inactive" : "active",
  metadata: (d.metadata as Record<string, unknown> | null) ?? null,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});
