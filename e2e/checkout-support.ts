// Shared by the e2e/checkout-*.spec.ts files: the API calls a game server makes before sending a player
// to the hosted checkout, and the checks of the Purchases.* webhooks the receiver gets.
import { createHmac, randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { gameHeaders, type Hook, type Seeded } from "./support";

const idem = (s: Seeded) => ({ ...gameHeaders(s), "idempotency-key": randomUUID() });

export const createProduct = async (request: APIRequestContext, s: Seeded, data: Record<string, unknown>) => {
  const res = await request.post("/api/v1/products", { headers: idem(s), data: { type: "purchase", description: "A shiny sword that never dulls.", ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { _id: string; name: string };
};

export const createCurrency = async (request: APIRequestContext, s: Seeded, code: string) => {
  const res = await request.post("/api/v1/vc/currencies", { headers: idem(s), data: { code, name: "Gems" } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).currency._id as string;
};

export const createGrant = async (request: APIRequestContext, s: Seeded, data: Record<string, unknown>) => {
  const res = await request.post("/api/v1/checkout/grants", { headers: idem(s), data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { checkoutUrl: string; userRef: string };
};

export const openRedirect = async (request: APIRequestContext, s: Seeded, query: Record<string, string>) => {
  const res = await request.get(`/api/v1/checkout/redirect?${new URLSearchParams({ gameId: s.game.gameId, ...query })}`, { headers: gameHeaders(s) });
  expect(res.status(), await res.text()).toBe(200);
  const body = await res.json();
  expect(body).toEqual({ status: 302, headers: { Location: body.body.url }, body: { url: expect.any(String) } });
  return body.body.url as string;
};

/** Waits for a Purchases.* webhook about `match` and checks its signature with the game's secret. */
export const expectPurchaseHook = async (hooks: Hook[], secret: string, event: string, match: (d: Record<string, any>) => boolean): Promise<Hook> => {
  await expect.poll(() => hooks.some((h) => h.event === event && match(h.data)), { timeout: 20_000, message: `waiting for ${event}` }).toBe(true);
  const hook = hooks.find((h) => h.event === event && match(h.data))!;
  expect(hook.signature).toBe(createHmac("sha256", secret).update(hook.raw).digest("hex"));
  return hook;
};

/** Types a test card into the sandbox card form. */
export const fillCard = async (page: Page, number: string) => {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
};
