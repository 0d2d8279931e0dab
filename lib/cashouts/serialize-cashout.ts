import type { CashoutRequest as CashoutRow } from "../db/generated/client.ts";
import type { CashoutRequest } from "./schemas.ts";
import type { CashoutStatus } from "./states.ts";

export const serializeCashout = (c: CashoutRow): CashoutRequest => ({
  _id: c.id,
  userRef: c.userRef,
  unitsRequested: c.units.toString(),
  status: c.status as CashoutStatus,
  requestedRate: { baseUnitsPerVcUnit: c.baseUnitsPerVcUnit, capturedAt: c.rateCapturedAt.toISOString() },
  currencyId: c.currencyId,
  convertedBaseUnits: c.convertedBaseUnits?.toString() ?? null,
  transactionId: c.journalId,
  rejectionReason: c.rejectReason,
  createdAt: c.createdAt.toISOString(),
});
