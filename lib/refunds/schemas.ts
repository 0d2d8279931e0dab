// Request and response schemas of the refund endpoints (additions: docs/decisions/refunds-and-disputes.md).
import { z } from "zod";
import type { Refund } from "../db/generated/client.ts";

export const REFUND_REASONS = ["requested_by_customer", "duplicate", "fraudulent", "other"] as const;

export const RefundBody = z.object({
  amount: z
    .number("must be a whole number")
    .int("must be a whole number")
    .positive("must be more than 0")
    .max(Number.MAX_SAFE_INTEGER, "is too large")
    .optional()
    .describe("What to give back, in the payment's smallest unit (cents, USDC micro-units or VC units, as the purchase's amount). Default: all that is left."),
  reason: z.enum(REFUND_REASONS, `must be one of ${REFUND_REASONS.join(", ")}`).describe("Why the payment is given back."),
  note: z.string().trim().max(500, "must be at most 500 characters").optional().describe("A note kept with the refund (not sent to the player)."),
});
export type RefundBody = z.infer<typeof RefundBody>;

const Units = z.string().regex(/^\d+$/);
export const ClawbackJson = z.object({
  virtualCurrency: z
    .object({
      currencyId: z.string(),
      units: Units.describe("The granted units this refund takes back."),
      recovered: Units.describe("Debited from the player's balance (down to 0)."),
      unrecovered: Units.describe("What the balance no longer held: not recovered."),
      journalId: z.string().nullable(),
    })
    .optional(),
  keyRevoked: z.boolean().optional(),
  subscriptionEnded: z
    .boolean()
    .optional()
    .describe(
      "A refund in full ended the Active subscription the purchase paid for (its period ends now) and sent Subscription.Canceled " +
        "with reason 'refunded' (a lost dispute: 'disputed'); both reasons are additions to the spec's 'requested' and 'payment_failed'. " +
        "false: it was no longer Active, nothing was sent.",
    )
    .meta({ "x-coinop-addition": true }),
});

export const RefundJson = z.object({
  _id: z.string(),
  object: z.enum(["purchase", "invoice"]),
  objectId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  note: z.string().nullable(),
  provider: z.string().describe("sandbox | stripe | wallet | virtual_currency"),
  externalId: z.string().nullable().describe("The processor's refund id (Stripe re_..., sandbox re_sandbox_...)."),
  clawback: ClawbackJson.nullable().describe("What was taken back from the player; null when the game's clawback is off."),
  createdAt: z.string(),
});
export type RefundJson = z.infer<typeof RefundJson>;

export const PurchaseRefundResult = z.object({
  data: z.object({
    refund: RefundJson,
    purchase: z.object({ _id: z.string(), status: z.string(), amount: z.number().int(), refundedAmount: z.number().int() }),
  }),
});
export const RefundList = z.object({ data: z.array(RefundJson) });

export const serializeRefund = (r: Refund): RefundJson => ({
  _id: r.id,
  object: r.objectType as "purchase" | "invoice",
  objectId: r.objectId,
  amount: Number(r.amount),
  currency: r.currency,
  reason: r.reason,
  note: r.note,
  provider: r.provider,
  externalId: r.externalId,
  clawback: (r.clawback as RefundJson["clawback"]) ?? null,
  createdAt: r.createdAt.toISOString(),
});

export const InvoiceRefundResult = z.object({
  data: z.object({
    refund: RefundJson,
    invoice: z.object({ _id: z.string(), status: z.string(), chargedCents: z.number().int(), refundedCents: z.number().int() }),
  }),
});
