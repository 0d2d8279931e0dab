// Request and response schemas of the purchase endpoints (VC purchases, wallet purchases, user history).
import { z } from "zod";
import { Units } from "../core/schemas.ts";
import { TestClockField } from "../test-clocks/schemas.ts";

export const Id = (what: string) => z.string().trim().min(1, "must not be empty").max(128, "must be at most 128 characters").describe(what);
export const UserId = Id("The player's game-level userRef (the reference returned by account linking).");
export const ItemId = Id("The product id.");

/** Free-form metadata, echoed in Purchases.* webhooks: a JSON object of at most 10 KB. */
export const Metadata = z
  .record(z.string(), z.unknown(), "must be a JSON object")
  .refine((v) => JSON.stringify(v).length <= 10_240, "must be at most 10 KB of JSON")
  .describe("A JSON object (≤ 10 KB) echoed back in the purchase webhooks.");

const DealCode = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(64, "must be at most 64 characters")
  .describe("A deal code of this item, in the payment currency.");
const AffiliateCode = Id("The referring player's game userRef.");

export const VcPurchaseBody = z.object({
  userId: UserId,
  itemId: ItemId,
  currencyId: Id("The virtual currency to pay in; the item must have a price in it."),
  affiliateCode: AffiliateCode.optional(),
  dealCode: DealCode.optional(),
  metadata: Metadata.optional(),
  testClock: TestClockField.describe(
    "Test mode: the id of one of your test clocks (POST /v1/test-helpers/test-clocks). A subscription item bought this way lives on its time: its month counts from the clock's time and it renews when the clock is advanced past its period end.",
  ),
});
export type VcPurchaseBody = z.output<typeof VcPurchaseBody>;

export const VcPurchaseCreated = z.object({ data: z.object({ purchaseId: z.string(), currencyId: z.string(), amountUnits: Units }) });

export const PurchaseParams = z.object({ purchaseId: Id("The purchase id.") });

export const PurchaseSummary = z
  .object({ _id: z.string(), status: z.string(), isPaid: z.boolean(), fulfillmentStatus: z.string() })
  .meta({ id: "PurchaseSummary" });

export const VcPurchaseCompleted = z.object({
  data: z.object({ userRef: z.string(), purchaseId: z.string(), journalId: z.string().nullable(), newBalanceUnits: Units, purchase: PurchaseSummary }),
});

export const WalletPurchaseBody = z.object({
  userId: UserId,
  itemId: ItemId,
  dealCode: DealCode.optional(),
  affiliateCode: AffiliateCode.optional(),
  metadata: Metadata.optional(),
  testClock: TestClockField.describe(
    "Test mode: the id of one of your test clocks (POST /v1/test-helpers/test-clocks). A subscription item bought this way lives on its time: its month counts from the clock's time and it renews when the clock is advanced past its period end.",
  ),
});
export type WalletPurchaseBody = z.output<typeof WalletPurchaseBody>;

export const PayoutJson = z
  .object({ recipient: z.enum(["creator", "platform", "affiliate"]), recipientAddress: z.string(), amount: z.number().int() })
  .meta({ id: "Payout" });

export const WalletPurchaseCreated = z.object({ data: z.object({ purchaseId: z.string(), distributions: z.array(PayoutJson) }) });

export const WalletPurchase = z
  .object({
    _id: z.string(),
    itemId: z.string(),
    userId: z.string().nullable(),
    gameId: z.string(),
    environment: z.string(),
    status: z.string(),
    fulfillmentStatus: z.string(),
    priceInCents: z.number().int(),
    taxAmountInCents: z.number().int(),
    amount: z.number().int().describe("USDC micro-units paid."),
    currency: z.string(),
    dealCode: z.string().nullable(),
    feeRate: z.object({ percentage: z.number(), flat: z.number().int() }),
    feeName: z.string(),
    payouts: z.array(PayoutJson),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "WalletPurchase" });
