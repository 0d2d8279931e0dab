// The double's stand-in for Stripe's hosted Checkout page (a session's `url`): the line items, the total, the
// receipt email, a Pay button that completes the payment, and a back link to the session's cancel_url. Plain HTML,
// no script, so it works in any browser the end-to-end tests drive.
import type { DoubleLineItem, DoubleSession } from "./objects.ts";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

const layout = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${escape(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1f36}` +
  `h1{font-size:1.25rem}table{width:100%;border-collapse:collapse}td{padding:.4rem 0}td.amount{text-align:right}` +
  `button{width:100%;padding:.8rem;font-size:1rem;background:#635bff;color:#fff;border:0;border-radius:6px;margin-top:1rem}` +
  `label{display:block;margin-top:1rem}input{width:100%;padding:.5rem;box-sizing:border-box}.note{color:#697386;font-size:.85rem}</style></head>` +
  `<body>${body}</body></html>`;

/** The page of an open session. */
export const renderCheckoutPage = (session: DoubleSession, items: DoubleLineItem[]): string => {
  const currency = session.currency ?? "usd";
  const rows = items
    .map(
      (i) =>
        `<tr><td>${escape(i.name)}${i.quantity > 1 ? ` × ${i.quantity}` : ""}</td><td class="amount">${money(i.unitAmount * i.quantity, currency)}</td></tr>`,
    )
    .join("");
  const back = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">← Back</a></p>` : "";
  return layout(
    "Stripe Checkout (test double)",
    `${back}<h1>Pay with card</h1><p class="note">Stripe Checkout test double: no card is charged.</p>` +
      `<table aria-label="Order summary">${rows}<tr><td><strong>Total due</strong></td><td class="amount" data-testid="total">` +
      `<strong>${money(session.amount_total ?? 0, currency)}</strong></td></tr></table>` +
      `<form method="post" action="/c/pay/${escape(session.id)}">` +
      `<label>Email<input name="email" type="email" value="${escape(session.customer_email ?? "payer@example.com")}"></label>` +
      `<label>Card number<input name="card" inputmode="numeric" value="4242 4242 4242 4242"></label>` +
      `<button type="submit">Pay ${money(session.amount_total ?? 0, currency)}</button></form>`,
  );
};

/** The page of a session that can no longer be paid (expired or complete), as Stripe shows it. */
export const renderClosedPage = (session: DoubleSession): string =>
  layout(
    "Stripe Checkout (test double)",
    `<h1>This Checkout Session is no longer active</h1><p data-testid="status">Status: ${escape(session.status ?? "unknown")}</p>` +
      (session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Return to the merchant</a></p>` : ""),
  );
