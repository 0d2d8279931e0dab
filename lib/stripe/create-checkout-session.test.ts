// The live card path against a local stand-in for the Stripe API (STRIPE_API_BASE), through the real SDK:
// the request Stripe receives, the session id stored on the purchase, and the cancel return.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { GET as cancelReturn } from "@/app/checkout/cancel/[purchaseId]/route";
import { makeGame } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { idem } from "@/tests/support/vc";
import { eventsOf, makeProductRow } from "@/tests/support/purchases";
import { getDb } from "@/lib/db/client";
import { payCheckout } from "@/lib/checkout/pay-checkout";
import { parseCheckoutUrl, signId } from "@/lib/checkout/sign-url";

type Seen = { path: string; auth: string; idempotencyKey: string; form: URLSearchParams };
const seen: Seen[] = [];
let server: http.Server;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      seen.push({ path: req.url ?? "", auth: String(req.headers.authorization), idempotencyKey: String(req.headers["idempotency-key"]), form: new URLSearchParams(raw) });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: `cs_test_${seen.length}`, object: "checkout.session", url: `https://checkout.stripe.test/pay/cs_test_${seen.length}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.STRIPE_SECRET_KEY = "sk_test_local";
  process.env.APP_URL = "https://pay.coinop.test";
});
afterAll(() => {
  server.close();
  delete process.env.STRIPE_API_BASE;
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.APP_URL;
});

describe("live card payments through Stripe Checkout", () => {
  it("creates a Checkout Session for the fixed price, stores its id, and a cancel return puts the grant back to pending", async () => {
    const g = await makeGame({ environment: "live" });
    const item = await makeProductRow(g.game.id, { environment: "live", name: "Golden Sword", priceCents: 1299 });
    const grant = await call(createGrant, { headers: idem(g.headers), body: { itemId: item.id, email: "buyer@example.com" } });
    const ref = parseCheckoutUrl(grant.body.checkoutUrl)!;
    const result = await payCheckout(getDb(), { ref, method: "card", email: "buyer@example.com" });
    expect(result).toMatchObject({ outcome: "redirect", url: "https://checkout.stripe.test/pay/cs_test_1" });
    const [req] = seen;
    expect(req.path).toBe("/v1/checkout/sessions");
    expect(req.auth).toBe("Bearer sk_test_local");
    expect(req.idempotencyKey).toBe(`purchase-${result.purchase.id}`);
    expect(Object.fromEntries(req.form)).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "1299",
      "line_items[0][price_data][product_data][name]": "Golden Sword",
      client_reference_id: result.purchase.id,
      "metadata[purchaseId]": result.purchase.id,
      customer_email: "buyer@example.com",
      success_url: `https://pay.coinop.test/checkout/success/${result.purchase.id}?sig=${signId(result.purchase.id)}`,
      cancel_url: `https://pay.coinop.test/checkout/cancel/${result.purchase.id}?sig=${signId(result.purchase.id)}`,
    });
    expect(await getDb().purchase.findUniqueOrThrow({ where: { id: result.purchase.id } })).toMatchObject({ status: "pending", externalId: "cs_test_1", paymentProvider: "stripe" });
    expect((await getDb().checkoutGrant.findFirstOrThrow({ where: { gameId: g.game.id } })).status).toBe("claimed");

    const cancelUrl = Object.fromEntries(req.form).cancel_url;
    const forged = await cancelReturn(new Request(cancelUrl.replace(/sig=./, "sig=x")), { params: Promise.resolve({ purchaseId: result.purchase.id }) });
    expect(forged.status).toBe(404);
    const back = await cancelReturn(new Request(cancelUrl), { params: Promise.resolve({ purchaseId: result.purchase.id }) });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`https://pay.coinop.test/checkout/g/${(ref as { grantId: string }).grantId}?sig=${signId((ref as { grantId: string }).grantId)}`);
    expect((await getDb().purchase.findUniqueOrThrow({ where: { id: result.purchase.id } })).status).toBe("canceled");
    expect((await getDb().checkoutGrant.findFirstOrThrow({ where: { gameId: g.game.id } })).status).toBe("pending");
    expect((await eventsOf(g.game.id)).map((e) => e.event)).toEqual(["Purchases.Started", "Purchases.Canceled"]);
  });
});
