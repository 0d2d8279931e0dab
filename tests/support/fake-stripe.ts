// A local HTTP server that plays the part of the Stripe API the service uses, for the real Stripe SDK
// (STRIPE_API_BASE points at it): Checkout Sessions (create, retrieve, expire) and refunds. It records
// every request, and keeps sessions' states as Stripe does, so a test can assert which calls reached
// "Stripe", with which ids, and what Stripe would answer next.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type StripeCall = { method: string; path: string; idempotencyKey: string | null; form: Record<string, string> };
type Session = {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  url: string;
  amount_total: number;
  /** when Stripe closes the page by itself (seconds), as the caller asked or Stripe's default of 24 hours */
  expires_at: number;
  metadata: Record<string, string>;
};

export type FakeStripe = {
  url: string;
  calls: StripeCall[];
  sessions: Map<string, Session>;
  /** the payer pays a session at Stripe: it becomes complete and paid, with a PaymentIntent */
  pay: (sessionId: string) => Session;
  /** the next `n` requests to paths matching `path` answer 500 (Stripe-Should-Retry: false, so only the caller retries) */
  failNext: (path: RegExp, n?: number) => void;
  /** a checkout.session.* event about a session, as Stripe would POST it, with its Stripe-Signature header */
  signedEvent: (type: string, sessionId: string, secret: string) => { payload: string; signature: string };
  close: () => Promise<void>;
};

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));

const invalid = (res: http.ServerResponse, message: string, code?: string) =>
  json(res, 400, { error: { type: "invalid_request_error", message, ...(code ? { code } : {}) } });

/** Starts the fake Stripe on a free port; `use()` points the SDK at it through STRIPE_API_BASE. */
export const startFakeStripe = async (): Promise<FakeStripe> => {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, Session>();
  const refunds: { id: string; payment_intent: string; amount: number | null }[] = [];
  const failures: { path: RegExp; left: number }[] = [];
  let n = 0;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stripe.local");
      const form = Object.fromEntries(new URLSearchParams(raw));
      calls.push({ method: req.method ?? "", path: url.pathname, idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null, form });
      const failing = failures.find((f) => f.left > 0 && f.path.test(url.pathname));
      if (failing) {
        failing.left--;
        return json(res, 500, { error: { type: "api_error", message: "Stripe is having a bad day." } }, { "stripe-should-retry": "false" });
      }
      let m: RegExpExecArray | null;
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const id = `cs_test_${++n}`;
        const session: Session = {
          id,
          object: "checkout.session",
          status: "open",
          payment_status: "unpaid",
          payment_intent: null,
          url: `https://checkout.stripe.test/pay/${id}`,
          amount_total: Number(form["line_items[0][price_data][unit_amount]"] ?? 0),
          expires_at: form.expires_at ? Number(form.expires_at) : Math.floor(Date.now() / 1000) + 24 * 60 * 60,
          metadata: Object.fromEntries(
            Object.entries(form)
              .filter(([k]) => /^metadata\[[^\]]+\]$/.test(k))
              .map(([k, v]) => [k.slice(9, -1), v]),
          ),
        };
        sessions.set(id, session);
        return json(res, 200, session);
      }
      if ((m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname)) && req.method === "POST") {
        const s = sessions.get(m[1]);
        if (!s) return json(res, 404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such checkout.session: '${m[1]}'` } });
        if (s.status !== "open") return invalid(res, 'Only Checkout Sessions with a status in ["open"] can be expired.');
        s.status = "expired";
        return json(res, 200, s);
      }
      if ((m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)) && req.method === "GET") {
        const s = sessions.get(m[1]);
        return s
          ? json(res, 200, s)
          : json(res, 404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such checkout.session" } });
      }
      if (url.pathname === "/v1/refunds" && req.method === "POST") {
        const intent = form.payment_intent;
        // a refund without an amount is of the whole charge; refunds of a part (amount) may follow one another
        if (refunds.some((r) => r.payment_intent === intent && r.amount === null))
          return invalid(res, `Charge for ${intent} has already been refunded.`, "charge_already_refunded");
        const refund = {
          id: `re_test_${++n}`,
          object: "refund",
          payment_intent: intent,
          amount: form.amount ? Number(form.amount) : null,
          status: "succeeded",
        };
        refunds.push(refund);
        return json(res, 200, refund);
      }
      if (url.pathname === "/v1/refunds" && req.method === "GET") {
        return json(res, 200, { object: "list", data: refunds.filter((r) => r.payment_intent === url.searchParams.get("payment_intent")), has_more: false });
      }
      return json(res, 404, { error: { type: "invalid_request_error", message: `Unknown path ${url.pathname}` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sdk = new Stripe("sk_test_signing_only");

  return {
    url,
    calls,
    sessions,
    pay: (sessionId) => {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      Object.assign(s, { status: "complete", payment_status: "paid", payment_intent: `pi_for_${sessionId}` });
      return s;
    },
    failNext: (path, left = 1) => void failures.push({ path, left }),
    signedEvent: (type, sessionId, secret) => {
      const s = sessions.get(sessionId) ?? {
        id: sessionId,
        object: "checkout.session",
        status: "complete",
        payment_status: "paid",
        payment_intent: `pi_for_${sessionId}`,
      };
      const payload = JSON.stringify({ id: `evt_${++n}`, object: "event", type, data: { object: s } });
      return { payload, signature: sdk.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

/** Points the service's Stripe client at `fake` (and sets the keys); returns a function that undoes it. */
export const useFakeStripe = (fake: FakeStripe, { webhookSecret = "whsec_test_fake" } = {}) => {
  const before = { base: process.env.STRIPE_API_BASE, key: process.env.STRIPE_SECRET_KEY, secret: process.env.STRIPE_WEBHOOK_SECRET };
  process.env.STRIPE_API_BASE = fake.url;
  process.env.STRIPE_SECRET_KEY = "sk_test_local";
  process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
  return () => {
    for (const [k, v] of [
      ["STRIPE_API_BASE", before.base],
      ["STRIPE_SECRET_KEY", before.key],
      ["STRIPE_WEBHOOK_SECRET", before.secret],
    ] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
};
