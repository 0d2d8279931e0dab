// The Stripe double (tests/support/stripe-double) set up for one vitest file: started before its tests, the service
// pointed at it (STRIPE_API_BASE, a test key, the webhook secret; restored after), its events addressed to the app's
// webhook route, and optionally the real job worker. docs/decisions/tests-on-double.md
import { afterAll, beforeAll } from "vitest";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { startWorker, stopWorker } from "@/lib/jobs/start-worker";
import { workerTasks } from "@/lib/flows/job-tasks";
import {
  startStripeDouble,
  stripeSignature,
  type DoubleEvent,
  type DoubleObject,
  type StripeDouble,
  type StripeDoubleCall,
  type WebhookTarget,
} from "@/tests/support/stripe-double";
import type Stripe from "stripe";

/** The app's webhook route as the double's endpoint: its answer is what Stripe records for the delivery. */
export const deliverToApp = async (payload: string, signature: string) => {
  const res = await stripeWebhook(
    new Request("http://localhost/api/webhooks/stripe", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    }),
  );
  return { status: res.status, body: (await res.json()) as any };
};

export type StripeDoubleSetup = {
  /** the double (set once beforeAll has run) */
  readonly double: StripeDouble;
  /** The latest event of `type` recorded about the object `id`, as Stripe POSTs it: its payload, signed with `secret` (the file's by default). */
  signed: (type: Stripe.Event.Type, id: string, secret?: string) => { payload: string; signature: string };
  /** Delivers, now and signed, the latest event of `type` recorded about the object `id` (Stripe's delivery, or its retry). */
  deliver: (type: Stripe.Event.Type, id: string) => ReturnType<typeof deliverToApp>;
  /** Signs and delivers an event about a hand-built object (one Stripe never made: a thinned or unknown session). */
  send: (type: Stripe.Event.Type, object: DoubleObject) => ReturnType<typeof deliverToApp>;
  /** The API calls that reached the double with `method` and `path`. */
  calls: (method: string, path: string) => StripeDoubleCall[];
  /** A RegExp source matching a session's page at the double (Stripe's Checkout page), the session id captured. */
  hostedPage: () => string;
  /** The status of a session at the double. */
  statusAtStripe: (sessionId: string) => string | null | undefined;
  /** The PaymentIntent Stripe made when a session was paid. */
  intentOf: (sessionId: string) => string;
  /**
   * Stripe completes a session whose expiry already landed (a race at Stripe: the payment and the expiry crossed):
   * the session is reopened in the double's state, then paid.
   */
  payAfterExpiry: (sessionId: string) => ReturnType<StripeDouble["pay"]>;
};

/**
 * Registers beforeAll/afterAll for a Stripe double. Events are delivered as they happen (`automatic`), or only
 * recorded until a test delivers them with `deliver` (the default: the test decides when Stripe's event lands).
 */
export const useStripeDouble = ({ secret, automatic = false, worker = false }: { secret: string; automatic?: boolean; worker?: boolean }) => {
  const target: WebhookTarget = { secret, deliver: deliverToApp };
  const saved = { base: process.env.STRIPE_API_BASE, key: process.env.STRIPE_SECRET_KEY, secret: process.env.STRIPE_WEBHOOK_SECRET };
  let double: StripeDouble | null = null;
  const the = () => double ?? (() => { throw new Error("the Stripe double starts in beforeAll"); })(); // prettier-ignore

  beforeAll(async () => {
    double = await startStripeDouble({ webhook: automatic ? target : null });
    process.env.STRIPE_API_BASE = double.url;
    process.env.STRIPE_SECRET_KEY = "sk_test_double";
    process.env.STRIPE_WEBHOOK_SECRET = secret;
    if (worker) await startWorker({ connectionString: process.env.DATABASE_URL!, ...workerTasks(), concurrency: 2, pollInterval: 50 });
  });
  afterAll(async () => {
    if (worker) await stopWorker();
    for (const [k, v] of [
      ["STRIPE_API_BASE", saved.base],
      ["STRIPE_SECRET_KEY", saved.key],
      ["STRIPE_WEBHOOK_SECRET", saved.secret],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await double?.stop();
  });

  const signedEvent = (event: DoubleEvent, key = secret) => {
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: stripeSignature(payload, key) };
  };
  /** Hands a signed event to the route now (outside the double's queue: the test decides when). */
  const deliverNow = (event: DoubleEvent) => {
    const { payload, signature } = signedEvent(event);
    return deliverToApp(payload, signature);
  };
  const recorded = (type: Stripe.Event.Type, id: string) =>
    the().state.events.findLast((e) => e.type === type && (e.data.object as { id?: string }).id === id) ??
    (() => { throw new Error(`no ${type} event about ${id} at the Stripe double`); })(); // prettier-ignore

  const setup: StripeDoubleSetup = {
    get double() {
      return the();
    },
    signed: (type, id, key) => signedEvent(recorded(type, id), key),
    deliver: (type, id) => deliverNow(recorded(type, id)),
    send: async (type, object) => {
      const d = the();
      await d.idle(); // what is on its way is delivered first, as it would be
      const before = d.webhook;
      d.webhook = null; // recorded only: delivered here
      try {
        return await deliverNow((await d.sendEvent(type, object)).event);
      } finally {
        d.webhook = before;
      }
    },
    calls: (method, path) => the().state.calls.filter((c) => c.method === method && c.path === path),
    hostedPage: () => `${the().url.replace(/[.]/g, "\\.")}/c/pay/(cs_test_\\w+)`,
    statusAtStripe: (sessionId) => the().state.sessions.get(sessionId)?.status,
    intentOf: (sessionId) => {
      const pi = the().state.sessions.get(sessionId)?.payment_intent;
      if (typeof pi !== "string") throw new Error(`session ${sessionId} has no PaymentIntent at the Stripe double`);
      return pi;
    },
    payAfterExpiry: (sessionId) => {
      const s = the().state.sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      s.status = "open";
      return the().pay(sessionId);
    },
  };
  return setup;
};
