import { z } from "zod";
import type { Subscription } from "../db/generated/client.ts";
import type { CancelReason } from "./subscription-states.ts";

/** The spec's subscription, plus the period and charge fields a game needs to decide access. */
export const SubscriptionJson = z.object({
  itemId: z.string(),
  status: z.enum(["Active", "Canceled"]),
  subscriptionId: z.string(),
  planCode: z.string(),
  planId: z.string(),
  paymentMethod: z.string(),
  currentPeriodEnd: z.string().describe("End of the paid period; the next renewal charge is due then."),
  lastChargeStatus: z.string().nullable().describe("succeeded or failed: the latest charge (first purchase or renewal)."),
  lastChargeError: z.string().nullable(),
  canceledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SubscriptionJson = z.infer<typeof SubscriptionJson>;

/** The fields the answer shows. */
export type SerializableSubscription = Pick<
  Subscription,
  | "id"
  | "productId"
  | "status"
  | "planCode"
  | "planId"
  | "paymentMethod"
  | "currentPeriodEnd"
  | "lastChargeStatus"
  | "lastChargeError"
  | "canceledAt"
  | "createdAt"
>;

export const serializeSubscription = (s: SerializableSubscription): SubscriptionJson => ({
  itemId: s.productId,
  status: s.status === "Canceled" ? "Canceled" : "Active",
  subscriptionId: s.id,
  planCode: s.planCode,
  planId: s.planId,
  paymentMethod: s.paymentMethod,
  currentPeriodEnd: s.currentPeriodEnd.toISOString(),
  lastChargeStatus: s.lastChargeStatus,
  lastChargeError: s.lastChargeError,
  canceledAt: s.canceledAt?.toISOString() ?? null,
  createdAt: s.createdAt.toISOString(),
});

/** Subscription.Canceled data: who, what, when and why (CANCEL_REASONS: 'requested', 'payment_failed', 'refunded', 'disputed'). */
export const canceledPayload = (s: Subscription, reason: CancelReason) => ({
  subscriptionId: s.id,
  itemId: s.productId,
  user_ref: s.userRef,
  status: "Canceled",
  planCode: s.planCode,
  planId: s.planId,
  canceledAt: s.canceledAt?.toISOString() ?? null,
  currentPeriodEnd: s.currentPeriodEnd.toISOString(),
  reason,
});
