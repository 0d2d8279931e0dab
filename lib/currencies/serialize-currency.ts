import type { VirtualCurrency } from "../db/generated/client.ts";
import type { Currency } from "./schemas.ts";

export const serializeCurrency = (c: VirtualCurrency): Currency => ({
  _id: c.id,
  code: c.code,
  name: c.name,
  status: "active",
  baseUnitsPerVcUnit: c.baseUnitsPerVcUnit,
  createdAt: c.createdAt.toISOString(),
});
