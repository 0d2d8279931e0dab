import { z } from "zod";
import { CurrencyId as CoreCurrencyId, NonEmpty, PageQuery, Pagination, PositiveUnits, Timestamp, Units, UserRef } from "../core/schemas.ts";
import { CASHOUT_STATUSES } from "./states.ts";

const CurrencyId = CoreCurrencyId.describe("Currency id.");

export const RequestCashoutBody = z.object({
  currencyId: CurrencyId,
  userRef: UserRef,
  units: PositiveUnits.describe("VC units to cash out: a positive whole number as a string; at most the current balance."),
});
export type RequestCashoutBody = z.output<typeof RequestCashoutBody>;

export const RequestCashoutResult = z.object({ cashoutRequestId: z.string() });

export const CashoutListQuery = PageQuery(20).extend({
  currencyId: CurrencyId,
  status: z.enum(CASHOUT_STATUSES).optional().describe("pendingReview | approved | rejected; all when omitted."),
  userRef: UserRef.optional().describe("Only this player's requests."),
});

export const CashoutParams = z.object({ cashoutRequestId: z.string().trim().min(1).describe("Cashout request id.") });

export const RejectCashoutBody = z.object({ reason: NonEmpty(500).describe("Why the request is rejected (required).") });
export type RejectCashoutBody = z.output<typeof RejectCashoutBody>;

export const ApproveCashoutResult = z.object({
  transactionId: z.string().describe("The id of the ledger journal that debited the units."),
  usedBaseUnitsPerVcUnit: z.string().describe("The rate captured when the request was made."),
  convertedBaseUnits: Units.describe("units × rate, in USDC micro-units; owed to the player."),
});
export type ApproveCashoutResult = z.infer<typeof ApproveCashoutResult>;

export const CashoutRequest = z
  .object({
    _id: z.string(),
    userRef: z.string(),
    unitsRequested: Units,
    status: z.enum(CASHOUT_STATUSES),
    requestedRate: z.object({ baseUnitsPerVcUnit: z.string(), capturedAt: Timestamp }),
    currencyId: z.string().describe("Extension."),
    convertedBaseUnits: Units.nullable().describe("Extension: set on approval."),
    transactionId: z.string().nullable().describe("Extension: the approval's journal id."),
    rejectionReason: z.string().nullable().describe("Extension: set on rejection."),
    createdAt: Timestamp.describe("Extension."),
  })
  .meta({ id: "Cashout" });
export type CashoutRequest = z.infer<typeof CashoutRequest>;
export const CashoutList = z.object({ items: z.array(CashoutRequest), pagination: Pagination });
