// The task registry: every job the worker runs, by name. A task validates its payload, calls one
// service with the process-wide database client, and throws only on internal errors (graphile-worker
// then retries the job with its own backoff). Domain retries, like webhook attempts, are the
// service's business: it re-enqueues itself so each attempt is visible.
import type { TaskList } from "graphile-worker";
import { z } from "zod";
import { getDb } from "../db/client.ts";
import { parsedCronItems } from "./crontab.ts";
import { pruneIdempotencyRecords } from "../db/prune-idempotency-records.ts";
import { DELIVER_TASK, deliverWebhook } from "../webhooks/deliver.ts";
import { expireLinkSessions } from "../linking/expire-link-sessions.ts";
import { expireCheckoutGrants } from "../checkout/expire-grants.ts";
import { RENEW_TASK, renewDueSubscriptions } from "./renew-due-subscriptions.ts";
import { KEY_EMAIL_TASK } from "../purchases/fulfil-purchase.ts";
import { emailReceipt, RECEIPT_EMAIL_TASK } from "../checkout/email-receipt.ts";
import { emailRefundReceipt, REFUND_RECEIPT_EMAIL_TASK } from "../checkout/email-refund-receipt.ts";
import { emailInvoiceRefund, INVOICE_REFUND_EMAIL_TASK } from "../invoices/email-invoice-refund.ts";
import { emailDeliveredKey } from "../purchases/email-delivered-key.ts";
import { completeCampaignOperation } from "../campaigns/complete-campaign-operation.ts";
import { pruneAuthRecords } from "../auth/prune-auth-records.ts";
import { STRIPE_EXPIRE_TASK } from "../stripe/queue-session-expiry.ts";
import { expireStripeCheckoutSession } from "../stripe/expire-checkout-session.ts";
import { settlePendingRefunds, SETTLE_PENDING_REFUNDS_ERRORS } from "../refunds/settle-pending-refunds.ts";

const DeliverPayload = z.object({ deliveryId: z.string().min(1) });

const webhookTasks: TaskList = {
  [DELIVER_TASK]: async (payload, helpers) => {
    const { deliveryId } = DeliverPayload.parse(payload);
    // a job that runs again (its worker died mid-attempt, or it threw) may meet an abandoned attempt; the job
    // goes on with its object's next deliveries until the worker stops (abortSignal)
    await deliverWebhook(getDb(), deliveryId, { rerun: helpers.job.attempts > 1, follow: true, signal: helpers.abortSignal });
  },
};

const maintenanceTasks: TaskList = {
  "idempotency:prune": async () => {
    await pruneIdempotencyRecords(getDb());
  },
  "auth:prune": async () => void (await pruneAuthRecords({ db: getDb() })),
};

// Other domains' tasks, one entry each; a periodic one also gets a line in crontab.ts.
const domainTasks: TaskList = {
  "campaigns:complete-operation": async (payload) =>
    void (await completeCampaignOperation({ db: getDb() }, z.object({ operationId: z.string().min(1) }).parse(payload))),
  "checkout:expire-grants": async () => void (await expireCheckoutGrants({ db: getDb() })),
  [RENEW_TASK]: async () => {
    await renewDueSubscriptions({ db: getDb() });
  },
  [KEY_EMAIL_TASK]: async (payload) => {
    await emailDeliveredKey({ db: getDb() }, z.object({ purchaseId: z.string().min(1) }).parse(payload));
  },
  [RECEIPT_EMAIL_TASK]: async (payload) => {
    await emailReceipt({ db: getDb() }, z.object({ purchaseId: z.string().min(1) }).parse(payload));
  },
  [REFUND_RECEIPT_EMAIL_TASK]: async (payload) => {
    await emailRefundReceipt({ db: getDb() }, z.object({ purchaseId: z.string().min(1), refundId: z.string().min(1) }).parse(payload));
  },
  [INVOICE_REFUND_EMAIL_TASK]: async (payload) => {
    await emailInvoiceRefund({ db: getDb() }, z.object({ invoiceId: z.string().min(1), refundId: z.string().min(1) }).parse(payload));
  },
  "linking:expire-sessions": async () => {
    await expireLinkSessions({ db: getDb() });
  },
  // a canceled or replaced card purchase: its Stripe Checkout Session can no longer be paid (retried on Stripe errors)
  "refunds:settle-pending": async () => void (await settlePendingRefunds({ db: getDb() })),
  [STRIPE_EXPIRE_TASK]: async (payload) => {
    await expireStripeCheckoutSession(z.object({ sessionId: z.string().min(1) }).parse(payload).sessionId);
  },
};

export const taskList: TaskList = { ...webhookTasks, ...maintenanceTasks, ...domainTasks };

/** The names the worker knows; a job added under another name would wait forever. */
export const taskNames = (): string[] => Object.keys(taskList);

/** What startWorker runs: this registry and the periodic jobs of crontab.ts. */
export const workerTasks = () => ({ taskList, parsedCronItems: parsedCronItems() });

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { COMPLETE_CAMPAIGN_OPERATION_ERRORS } from "../campaigns/complete-campaign-operation.ts";
import { EMAIL_RECEIPT_ERRORS } from "../checkout/email-receipt.ts";
import { EMAIL_REFUND_RECEIPT_ERRORS } from "../checkout/email-refund-receipt.ts";
import { RENEW_DUE_SUBSCRIPTIONS_ERRORS } from "./renew-due-subscriptions.ts";
import { EXPIRE_LINK_SESSIONS_ERRORS } from "../linking/expire-link-sessions.ts";
import { EXPIRE_CHECKOUT_SESSION_ERRORS } from "../stripe/expire-checkout-session.ts";
export const JOB_TASKS_ERRORS = [
  ...COMPLETE_CAMPAIGN_OPERATION_ERRORS,
  ...EMAIL_RECEIPT_ERRORS,
  ...EMAIL_REFUND_RECEIPT_ERRORS,
  ...RENEW_DUE_SUBSCRIPTIONS_ERRORS,
  ...EXPIRE_LINK_SESSIONS_ERRORS,
  ...EXPIRE_CHECKOUT_SESSION_ERRORS,
  ...SETTLE_PENDING_REFUNDS_ERRORS,
] as const satisfies readonly ErrorCode[];
