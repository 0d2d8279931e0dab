// Shared by the e2e specs: a real webhook receiver, a seeded test tenant, the API
// calls a game server makes, and the page checks every hosted page must pass.
import { execFile } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { outboxPath } from "./outbox-token";

/** `eventId`, `deliveryId`: the x-service-event-id and x-service-delivery-id headers */
export type Hook = { event: string; data: Record<string, any>; signature: string; raw: string; eventId: string; deliveryId: string };

export type Seeded = {
  baseUrl: string;
  game: { gameId: string; serverKey: string; webhookSecret: string };
  campaign: { campaignId: string; campaignKey: string };
};

/** An HTTP server that records every webhook with its raw body and signature header. */
export const startReceiver = async () => {
  const hooks: Hook[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      hooks.push({
        ...JSON.parse(raw),
        signature: String(req.headers["x-service-signature"] ?? ""),
        eventId: String(req.headers["x-service-event-id"] ?? ""),
        deliveryId: String(req.headers["x-service-delivery-id"] ?? ""),
        raw,
      });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { hooks, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, close: () => server.close() };
};

/** `npm run seed -- --json --webhook-url URL` against the e2e server's database. */
export const seed = async (baseURL: string, webhookUrl: string, { history = false } = {}): Promise<Seeded> => {
  const args = ["--import", "tsx", "scripts/seed.ts", "--json", "--webhook-url", webhookUrl, ...(history ? ["--history"] : [])];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    env: {
      ...process.env,
      APP_URL: baseURL,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54331",
      EMBEDDED_PG_DIR: process.env.E2E_PG_DIR ?? ".data/e2e-postgres",
    },
    // the 30-day backfill goes through the services: about half a minute on a shared 2-core machine
    timeout: history ? 180_000 : 60_000,
  });
  return JSON.parse(stdout);
};

export const gameHeaders = (s: Seeded) => ({ authorization: `Bearer ${s.game.serverKey}`, "x-game-id": s.game.gameId });
export const campaignHeaders = (s: Seeded) => ({ authorization: `Bearer ${s.campaign.campaignKey}`, "x-campaign-id": s.campaign.campaignId });

/** What the game server does first: POST /v1/users/link/initiate. */
export const initiateLink = async (request: APIRequestContext, s: Seeded, email?: string) => {
  const res = await request.post("/api/v1/users/link/initiate", {
    headers: { ...gameHeaders(s), "idempotency-key": randomUUID() },
    data: email ? { email } : {},
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { sessionKey: string; url: string };
};

export const linkDetails = async (request: APIRequestContext, s: Seeded, sessionKey: string) => {
  const res = await request.get(`/api/v1/users/link/details?session=${encodeURIComponent(sessionKey)}`, { headers: gameHeaders(s) });
  expect(res.status()).toBe(200);
  return res.json();
};

/** Waits for a webhook and checks its signature with the game's secret. */
export const expectHook = async (hooks: Hook[], secret: string, event: string, sessionKey: string): Promise<Hook> => {
  await expect
    .poll(() => hooks.some((h) => h.event === event && h.data.sessionKey === sessionKey), { timeout: 20_000, message: `${event} for ${sessionKey}` })
    .toBe(true);
  const hook = hooks.find((h) => h.event === event && h.data.sessionKey === sessionKey)!;
  expect(hook.signature).toBe(createHmac("sha256", secret).update(hook.raw).digest("hex"));
  return hook;
};

export const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** Kept in test-results/screenshots/<project>-<name>.png. */
export const screenshot = (page: Page, name: string, { fullPage = true } = {}) =>
  page.screenshot({ path: `test-results/screenshots/${test.info().project.name}-${name}.png`, fullPage });

/**
 * Waits for the API reference (/docs, already opened) to have rendered: Scalar builds the whole OpenAPI
 * document in the browser, which has taken over 10 s (the default wait) on a loaded 2-core CI machine.
 */
export const expectApiReferenceRendered = async (page: Page) => {
  await expect(page.getByRole("heading", { name: "Coinop API", level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Test Request (get /v1/users/link/details)" })).toBeVisible();
};

/** Records requests that leave this server: hosted pages work offline (no fonts, no CDN). */
export const offsiteRequests = (page: Page, baseURL: string): string[] => {
  const origin = new URL(baseURL).origin;
  const seen: string[] = [];
  page.on("request", (req) => {
    const url = req.url();
    if (!url.startsWith(origin) && !/^(data|blob):/.test(url)) seen.push(url);
  });
  return seen;
};

/** No sideways scrolling, a language (`lang`: the browser's, English by default), and every visible button at least 44px tall. */
export const expectHostedPageBasics = async (page: Page, { lang = "en" }: { lang?: string } = {}) => {
  // a page has a title (read by screen readers and tabs). Waited for: after a client-side change of state Next
  // streams the page's metadata, so for a moment the document has no <title> (an axe run then saw none).
  await expect(page).toHaveTitle(/\S/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  const small = await page.evaluate(() =>
    [...document.querySelectorAll("main button, main a[role=button]")]
      .filter((b) => (b as HTMLElement).offsetParent !== null && !b.closest("p"))
      .map((b) => ({ text: (b as HTMLElement).innerText, h: b.getBoundingClientRect().height }))
      .filter((b) => b.h < 44),
  );
  expect(small).toEqual([]);
};

/**
 * Gives this page its own client address (X-Forwarded-For: the server reads the last entry, which a proxy
 * would write), so the per-address limits of sign-in and sign-up see each test as a different visitor.
 */
export const asNewVisitor = (page: Page) =>
  page.setExtraHTTPHeaders({ "x-forwarded-for": `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}` });

/**
 * Signs up on a hosted auth form (the link page's, or the one inside the checkout's "Have an account?"):
 * switches it to sign-up, fills the email and password, and waits for "Check your email".
 */
export const signUpOnForm = async (page: Page, { email, password, within = page.locator("main") }: { email: string; password: string; within?: Locator }) => {
  const create = within.getByRole("button", { name: "Create an account" });
  if (await create.isVisible()) await create.click();
  await within.getByLabel("Email").fill(email);
  await within.getByLabel("Password").fill(password);
  await within.getByRole("button", { name: "Create account" }).click();
  const answer = within.getByRole("status").filter({ has: page.getByRole("heading", { name: "Check your email" }) });
  await expect(answer).toContainText(`We sent a link to ${email}.`);
};

/**
 * Signs in on a hosted page's sign-in form (the form shows sign-in first). The seed's printed login is a verified
 * account since issue 28, so a spec signs in with it rather than signing up.
 */
export const signInOnForm = async (page: Page, { email, password, within = page.locator("main") }: { email: string; password: string; within?: Locator }) => {
  await hydrated(within.getByLabel("Email"));
  await within.getByLabel("Email").fill(email);
  await within.getByLabel("Password").fill(password);
  await within.getByRole("button", { name: "Sign in", exact: true }).click();
};

/** Waits until React has hydrated the element (its props are attached): input typed before that can be lost. */
export const hydrated = (element: Locator) =>
  expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps$"))), { message: "the form was never hydrated" })
    .toBe(true);

/** Opens the development mail outbox (/dev/mail), the newest mail to `email`, and checks its subject. */
export const openNewestMail = async (page: Page, email: string, subject: string | RegExp) => {
  await page.goto(outboxPath("/dev/mail", { to: email }));
  await page.getByRole("list", { name: "Mails" }).getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
  await expect(page.getByTestId("mail-to")).toHaveText(email);
};

/** Follows the /account/verify/… or /account/reset/… link of the mail open on the page. */
export const followMailLink = async (page: Page, kind: "verify" | "reset") => {
  await page.getByRole("link", { name: new RegExp(`/account/${kind}/`) }).click();
  await expect(page).toHaveURL(new RegExp(`/account/${kind}/[A-Za-z0-9_-]{43}$`));
};

/**
 * The whole first-time path after signing up on a hosted page: the mail in the outbox, its link, the
 * password chosen at sign-up; the page then signs in and goes back where the player came from.
 */
export const verifyEmailFromOutbox = async (page: Page, { email, password }: { email: string; password: string }) => {
  await openNewestMail(page, email, "Confirm your email to finish creating your account");
  await followMailLink(page, "verify");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your email");
  // typed before React hydrates the form, the password can be lost to hydration (seen on the phone project)
  await hydrated(page.getByRole("button", { name: "Confirm and sign in" }));
  await page.getByLabel("Password you chose", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
};
