// The hosted checkout's pay action against PostgreSQL, as the page calls it: every field error at once in
// screen order before anything is written, the server's own refusals on their fields, a decline that asks
// the form to clear only the CVC, a balance too low on the method, and answers in the page's language.
import "@/tests/support/serve-auth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { GET as openRedirect } from "@/app/api/v1/checkout/redirect/route";
import { getDb } from "@/lib/db/client";
import { PAY_START, type PayTarget } from "@/lib/hosted/form-state";
import { makePlayer } from "@/tests/support/players";
import { makeProductRow, makeStore } from "@/tests/support/purchases";
import { inRequest, serveAuth } from "@/tests/support/serve-auth";
import { serveRoutes } from "@/tests/support/serve-routes";
import { payAction } from "./actions";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);

let api: Awaited<ReturnType<typeof serveRoutes>>;
let auth: Awaited<ReturnType<typeof serveAuth>>;
beforeAll(async () => {
  api = await serveRoutes([createGrant, openRedirect]);
  auth = await serveAuth(authRoute as never);
});
afterAll(async () => {
  api.close();
  await auth.close();
});

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const CARD = { method: "card", cardNumber: "4242 4242 4242 4242", cardExpiry: "12 / 40", cardCvc: "123" };

const store = async () => {
  const s = await makeStore({ players: 0 });
  const item = await makeProductRow(s.game.id, { name: "Moon Boots", priceCents: 1500 });
  return { ...s, item };
};
const redirectTarget = async (s: Awaited<ReturnType<typeof store>>, locale?: string): Promise<PayTarget> => {
  const res = await api.api(`/v1/checkout/redirect?gameId=${s.game.id}&itemId=${s.item.id}`, { headers: s.headers });
  expect(res.status, res.text).toBe(200);
  return { kind: "session", id: new URL(res.body.body.url).pathname.split("/").pop()!, sig: null, locale };
};
const grantTarget = async (s: Awaited<ReturnType<typeof store>>, body: Record<string, unknown> = {}): Promise<PayTarget> => {
  const res = await api.api("/v1/checkout/grants", {
    method: "POST",
    headers: { ...s.headers, "idempotency-key": crypto.randomUUID() },
    body: { itemId: s.item.id, ...body },
  });
  expect(res.status, res.text).toBe(201);
  const url = new URL(res.body.checkoutUrl);
  return { kind: "grant", id: url.pathname.split("/").pop()!, sig: url.searchParams.get("sig") };
};
const purchases = (gameId: string) => getDb().purchase.findMany({ where: { gameId }, orderBy: { createdAt: "asc" } });
/** The redirect a successful payment ends with (Next's redirect() throws it). */
const redirectOf = (p: Promise<unknown>) =>
  p.then(
    (v) => ({ returned: v }),
    (e: { digest?: string }) => String(e.digest),
  );

describe("payAction", () => {
  it("an empty guest form: every field error at once, in screen order, and nothing is written", async () => {
    const s = await store();
    const state = await payAction(await redirectTarget(s), PAY_START, form({ method: "card" }));
    expect(state).toEqual({
      ...PAY_START,
      attempt: 1,
      fieldErrors: [
        { field: "email", message: "Enter your email address." },
        { field: "cardNumber", message: "Enter your card number." },
        { field: "cardExpiry", message: "Enter the expiry date." },
        { field: "cardCvc", message: "Enter the 3 or 4 digit security code (CVC)." },
      ],
    });
    expect(await purchases(s.game.id)).toEqual([]);
  });

  it("wrong values (Luhn, a past expiry, a short CVC, a bad email) are refused on their fields before anything is written", async () => {
    const s = await store();
    const state = await payAction(
      await redirectTarget(s),
      { ...PAY_START, attempt: 4 },
      form({ method: "card", email: "nope", cardNumber: "4242 4242 4242 4241", cardExpiry: "01 / 21", cardCvc: "1" }),
    );
    expect(state.attempt).toBe(5);
    expect(state.error).toBeNull();
    expect(state.fieldErrors.map((e) => e.field)).toEqual(["email", "cardNumber", "cardExpiry", "cardCvc"]);
    expect(state.fieldErrors[2]).toEqual({ field: "cardExpiry", message: "Your card's expiry date is in the past." });
    expect(await purchases(s.game.id)).toEqual([]);
  });

  it("a number the sandbox does not know is refused by the service, under the card number", async () => {
    const s = await store();
    const state = await payAction(await redirectTarget(s), PAY_START, form({ ...CARD, email: "payer@example.com", cardNumber: "4111 1111 1111 1111" }));
    expect(state).toEqual({
      ...PAY_START,
      attempt: 1,
      fieldErrors: [
        { field: "cardNumber", message: "This card number is not valid in test mode. Use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined)." },
      ],
    });
    expect(await purchases(s.game.id)).toEqual([]);
  });

  it("a decline: the message on the card number, declined (the form clears the CVC); the same form then pays", async () => {
    const s = await store();
    const target = await redirectTarget(s);
    const declined = await payAction(target, PAY_START, form({ ...CARD, email: "payer@example.com", cardNumber: "4000 0000 0000 0002" }));
    expect(declined).toEqual({ ...PAY_START, attempt: 1, error: "Your card was declined. Try another card.", field: "cardNumber", declined: true });
    expect((await purchases(s.game.id)).map((p) => p.status)).toEqual(["failed"]);
    const paid = await redirectOf(payAction(target, declined, form({ ...CARD, email: "payer@example.com" })));
    expect(paid).toMatch(/^NEXT_REDIRECT;.*\/checkout\/success\/[0-9a-f]{24}\?sig=[0-9a-f]{64}/);
    expect((await purchases(s.game.id)).map((p) => p.status)).toEqual(["failed", "completed"]);
  });

  it("a grant asks no email (its account is the grant's); a tampered signature is refused with nothing written", async () => {
    const s = await store();
    const target = await grantTarget(s, { email: "owner@example.com" });
    expect(await payAction({ ...target, sig: "0".repeat(64) }, PAY_START, form(CARD))).toEqual({
      ...PAY_START,
      attempt: 1,
      error: "This checkout link is not valid. Ask the game for a new one.",
    });
    expect(await purchases(s.game.id)).toEqual([]);
    expect(await redirectOf(payAction(target, PAY_START, form(CARD)))).toMatch(/^NEXT_REDIRECT;/);
    const [p] = await purchases(s.game.id);
    expect(await getDb().player.findUniqueOrThrow({ where: { id: p!.playerId! } })).toMatchObject({ email: "owner@example.com" });
  });

  it("answers in the page's language: French field errors and decline", async () => {
    const s = await store();
    const target = await redirectTarget(s, "fr");
    const empty = await payAction(target, PAY_START, form({ method: "card" }));
    expect(empty.fieldErrors.map((e) => e.message)).toEqual([
      "Saisissez votre adresse e-mail.",
      "Saisissez votre numéro de carte.",
      "Saisissez la date d'expiration.",
      "Saisissez le cryptogramme de 3 ou 4 chiffres (CVC).",
    ]);
    const declined = await payAction(target, PAY_START, form({ ...CARD, email: "payer@example.com", cardNumber: "4000 0000 0000 0002" }));
    expect(declined.error).toBe("Votre carte a été refusée. Essayez une autre carte.");
    // a locale the catalog does not have falls back to English
    expect((await payAction({ ...target, locale: "xx" }, PAY_START, form({ method: "card" }))).fieldErrors[0]!.message).toBe("Enter your email address.");
  });

  it("a signed-in player's wallet too low: the message on the method, not declined (nothing to clear); a guest forcing the wallet is refused", async () => {
    const s = await store();
    const target = await redirectTarget(s);
    const player = await makePlayer();
    const browser = auth.browser();
    expect(await browser.signIn({ mode: "signin", email: player.email, password: "password-123" })).toMatchObject({ signedIn: true });
    const low = await inRequest(browser.headers(), () => payAction(target, PAY_START, form({ method: "wallet" })));
    expect(low).toEqual({ ...PAY_START, attempt: 1, error: "Your wallet balance is too low for this item. Pay another way.", field: "method" });
    const guest = await payAction(target, PAY_START, form({ method: "wallet", email: player.email }));
    expect(guest).toEqual({ ...PAY_START, attempt: 1, error: "Sign in to pay with your wallet. Guests pay by card.", field: "method" });
    expect((await purchases(s.game.id)).map((p) => [p.paymentMethod, p.status])).toEqual([["wallet", "failed"]]);
  });
});
