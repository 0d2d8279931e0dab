// The objects the Stripe double answers with, typed with the `stripe` SDK's own types: each is a Pick of the SDK's
// interface (Stripe.Checkout.Session, Stripe.PaymentIntent, Stripe.Charge, Stripe.Refund, Stripe.Dispute), so tsc
// checks every field the double sends against what the SDK says Stripe sends. Only the fields the service reads, or a
// test asserts, are kept (docs/decisions/stripe-double.md).
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";

export type DoubleSession = Pick<
  Stripe.Checkout.Session,
  | "id"
  | "object"
  | "amount_subtotal"
  | "amount_total"
  | "cancel_url"
  | "client_reference_id"
  | "created"
  | "currency"
  | "customer_email"
  | "expires_at"
  | "livemode"
  | "metadata"
  | "mode"
  | "payment_intent"
  | "payment_status"
  | "status"
  | "success_url"
  | "url"
>;

export type DoublePaymentIntent = Pick<
  Stripe.PaymentIntent,
  "id" | "object" | "amount" | "amount_received" | "created" | "currency" | "latest_charge" | "livemode" | "metadata" | "status"
>;

export type DoubleCharge = Pick<
  Stripe.Charge,
  | "id"
  | "object"
  | "amount"
  | "amount_captured"
  | "amount_refunded"
  | "captured"
  | "created"
  | "currency"
  | "disputed"
  | "livemode"
  | "metadata"
  | "paid"
  | "payment_intent"
  | "refunded"
  | "status"
>;

export type DoubleRefund = Pick<
  Stripe.Refund,
  "id" | "object" | "amount" | "charge" | "created" | "currency" | "metadata" | "payment_intent" | "reason" | "status"
>;

export type DoubleDispute = Pick<
  Stripe.Dispute,
  | "id"
  | "object"
  | "amount"
  | "charge"
  | "created"
  | "currency"
  | "evidence_details"
  | "is_charge_refundable"
  | "livemode"
  | "metadata"
  | "payment_intent"
  | "reason"
  | "status"
>;

/** Anything the double can put in an event's data.object. */
export type DoubleObject = DoubleSession | DoublePaymentIntent | DoubleCharge | DoubleRefund | DoubleDispute | Record<string, unknown>;

/** An event as Stripe POSTs it to a webhook endpoint (the fields of Stripe.Event the SDK's constructEvent reads, and more). */
export type DoubleEvent = Pick<Stripe.Event, "id" | "object" | "api_version" | "created" | "livemode" | "pending_webhooks" | "request"> & {
  type: Stripe.Event.Type;
  data: { object: DoubleObject };
};

/** A line item of a session as it was created (Stripe keeps them apart from the session: GET .../line_items). */
export type DoubleLineItem = { name: string; unitAmount: number; quantity: number; currency: string };

/** Stripe's shape of ids: a prefix and 24 random characters. */
export const stripeId = (prefix: string): string => `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "x").slice(0, 24)}`;

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
