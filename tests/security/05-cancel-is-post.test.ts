// Finding 5 of issue 9 (its last part), written as the attack: the cancel URL of a card payment was a GET
// that canceled the pending purchase. Anything that opens a URL (a link preview, a prefetch, a mail
// scanner, an image tag on another site, or a forged URL once the signing secret was known) canceled
// someone's payment. Rule: a GET changes nothing; cancelling is the payer's POST ("Return to checkout"),
// with the signed purchase id checked again.
//
// GET is served here the way Next.js routes it: the folder's route.tsx GET when there is one (the old
// code), else its page, rendered.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { getDb } from "@/lib/db/client";
import { payCheckout } from "@/lib/flows/pay-checkout";
import { cancelUrlPath, checkoutPath, parseCheckoutUrl } from "@/lib/checkout/sign-url";
import { makeGame } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { idem } from "@/tests/support/vc";
import { eventsOf, makeProductRow } from "@/tests/support/purchases";
import { useStripeDouble } from "@/tests/support/stripe-double-setup";

// The cancel page reads Accept-Language through next/headers (its language); outside a request it answers English.
vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

const CANCEL_DIR = path.resolve("app/checkout/cancel/[purchaseId]");
type Served = { status: number; html: string; location: string | null };

/** GET {path} as Next.js would serve it. */
const get = async (urlPath: string): Promise<Served> => {
  const url = new URL(urlPath, "http://localhost:3000");
  const purchaseId = decodeURIComponent(url.pathname.split("/").pop()!);
  const routeFile = path.join(CANCEL_DIR, "route.tsx");
  if (fs.existsSync(routeFile)) {
    const mod = (await import(/* @vite-ignore */ routeFile)) as { GET?: (req: Request, ctx: unknown) => Promise<Response> };
    if (mod.GET) {
      const res = await mod.GET(new Request(url), { params: Promise.resolve({ purchaseId }) });
      return { status: res.status, html: await res.text(), location: res.headers.get("location") };
    }
  }
  const Page = (await import(/* @vite-ignore */ path.join(CANCEL_DIR, "page.tsx"))).default as (p: unknown) => Promise<ReactElement>;
  try {
    const html = renderToStaticMarkup(
      await Page({ params: Promise.resolve({ purchaseId }), searchParams: Promise.resolve({ sig: url.searchParams.get("sig") ?? undefined }) }),
    );
    return { status: 200, html, location: null };
  } catch (err) {
    if (String((err as { digest?: string }).digest).startsWith("NEXT_HTTP_ERROR_FALLBACK;404")) return { status: 404, html: "", location: null };
    throw err;
  }
};

/** The payer's POST: the cancel page's server action, as its form invokes it. */
const pressReturn = async (target: { purchaseId: string; sig: string | null }): Promise<{ redirect: string | null; notFound: boolean }> => {
  const { returnToCheckoutAction } = (await import(/* @vite-ignore */ path.join(CANCEL_DIR, "actions.ts"))) as {
    returnToCheckoutAction: (t: typeof target) => Promise<void>;
  };
  try {
    await returnToCheckoutAction(target);
    return { redirect: null, notFound: false };
  } catch (err) {
    const digest = String((err as { digest?: string }).digest);
    if (digest.startsWith("NEXT_REDIRECT;")) return { redirect: digest.split(";")[2]!, notFound: false };
    if (digest.startsWith("NEXT_HTTP_ERROR_FALLBACK;404")) return { redirect: null, notFound: true };
    throw err;
  }
};

const stripe = useStripeDouble({ secret: "whsec_security_05" });

/** A live card payment under way: the payer is on Stripe's page, the purchase pending, the grant claimed. */
const pendingCardPayment = async () => {
  const g = await makeGame({ environment: "live" });
  const item = await makeProductRow(g.game.id, { environment: "live", name: "Golden Sword" });
  const grant = await call(createGrant, { headers: idem(g.headers), body: { itemId: item.id, email: "payer@example.com" } });
  const ref = parseCheckoutUrl(grant.body.checkoutUrl)!;
  const { purchase } = await payCheckout({ db: getDb() }, { ref, method: "card", email: "payer@example.com" });
  return { ...g, purchase, grantId: (ref as { grantId: string }).grantId, cancelUrl: cancelUrlPath(purchase.id) };
};

const stateOf = async (p: { purchase: { id: string }; grantId: string; game: { id: string } }) => ({
  purchase: (await getDb().purchase.findUniqueOrThrow({ where: { id: p.purchase.id } })).status,
  grant: (await getDb().checkoutGrant.findUniqueOrThrow({ where: { id: p.grantId } })).status,
  events: (await eventsOf(p.game.id)).map((e) => e.event),
});

describe("finding 5 (cancel): opening the cancel URL cancels nothing; the payer's POST does", () => {
  it("GET of the signed cancel URL, three times (Stripe's redirect, a prefetch, a preview): the payment stays pending, Stripe is not called", async () => {
    const p = await pendingCardPayment();
    const before = await stateOf(p);
    expect(before).toEqual({ purchase: "pending", grant: "claimed", events: ["Purchases.Started"] });
    const stripeCalls = stripe.double.state.calls.length;
    for (let i = 0; i < 3; i++) {
      const res = await get(p.cancelUrl);
      expect(res.status).toBe(200);
      expect(res.html).toContain("You left the card payment");
      expect(res.html).toContain("Nothing has been charged for Golden Sword.");
      expect(res.html).toMatch(/<form[^>]*><button type="submit"[^>]*>Return to checkout<\/button><\/form>/);
    }
    expect(await stateOf(p)).toEqual(before);
    expect(stripe.double.state.calls.length).toBe(stripeCalls);
  });

  it("a forged cancel URL is a 404 on GET and on POST, and changes nothing", async () => {
    const p = await pendingCardPayment();
    const sig = new URL(p.cancelUrl, "http://x").searchParams.get("sig")!;
    const forged = p.cancelUrl.replace(`sig=${sig}`, `sig=${sig.startsWith("0") ? "1" : "0"}${sig.slice(1)}`);
    expect((await get(forged)).status).toBe(404);
    expect(await pressReturn({ purchaseId: p.purchase.id, sig: "0".repeat(64) })).toEqual({ redirect: null, notFound: true });
    expect(await pressReturn({ purchaseId: p.purchase.id, sig: null })).toEqual({ redirect: null, notFound: true });
    expect(await stateOf(p)).toEqual({ purchase: "pending", grant: "claimed", events: ["Purchases.Started"] });
  });

  it("the payer's POST with the signed id cancels (Purchases.Canceled, grant pending) and returns to the checkout; a GET afterwards shows the outcome", async () => {
    const p = await pendingCardPayment();
    const sig = new URL(p.cancelUrl, "http://x").searchParams.get("sig");
    expect(await pressReturn({ purchaseId: p.purchase.id, sig })).toEqual({ redirect: checkoutPath({ kind: "grant", grantId: p.grantId }), notFound: false });
    expect(await stateOf(p)).toEqual({ purchase: "canceled", grant: "pending", events: ["Purchases.Started", "Purchases.Canceled"] });
    // pressed again (a double click, a resubmitted form): nothing more
    await pressReturn({ purchaseId: p.purchase.id, sig });
    expect((await stateOf(p)).events).toEqual(["Purchases.Started", "Purchases.Canceled"]);
    const after = await get(p.cancelUrl);
    expect(after.html).toContain("This card payment was canceled");
    expect(after.html).not.toContain('type="submit"');
  });
});
