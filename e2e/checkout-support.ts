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

/** PATCH /v1/game/settings: the game's store, terms and support links, and an included sales tax. */
export const setGameSettings = async (request: APIRequestContext, s: Seeded, data: Record<string, unknown>) => {
  const res = await request.patch("/api/v1/game/settings", { headers: gameHeaders(s), data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
};

/** The game's usual links, set on the seeded game (every checkout page then shows them). */
export const GAME_LINKS = { storeUrl: "https://game.example/store", termsUrl: "https://game.example/terms", supportUrl: "mailto:help@game.example" };

/** The pay form (the sign-in form beside it has its own Email field). */
export const payForm = (page: Page) => page.getByTestId("pay-form");

/** Types a card into the sandbox card form, field by field, as a payer does. */
export const typeCard = async (page: Page, { number, expiry = "12 / 34", cvc = "123" }: { number: string; expiry?: string; cvc?: string }) => {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill(expiry);
  await page.getByLabel("CVC").fill(cvc);
};

/** The inline error under a field of the pay form (its aria-describedby points at it). */
export const fieldError = (page: Page, field: "email" | "cardNumber" | "cardExpiry" | "cardCvc" | "method") => page.getByTestId(`error-${field}`);

/** Checks that a field is marked invalid and described by its own inline error, which says `message`. */
export const expectFieldError = async (page: Page, label: string, field: Parameters<typeof fieldError>[1], message: string | RegExp) => {
  const input = payForm(page).getByLabel(label, { exact: true });
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const error = fieldError(page, field);
  await expect(error).toHaveText(message);
  const errorId = await error.getAttribute("id");
  expect((await input.getAttribute("aria-describedby"))?.split(" ")).toContain(errorId);
};

/** The order of the inline errors on screen, top to bottom. */
export const errorOrder = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-testid^='error-']")]
      .filter((e) => e.dataset.testid !== "error-summary")
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top || a.getBoundingClientRect().left - b.getBoundingClientRect().left)
      .map((e) => e.dataset.testid!.slice("error-".length)),
  );
