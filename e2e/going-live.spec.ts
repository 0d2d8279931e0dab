// Going live (issue 28), in a real browser against the production build, on the desktop and on the phone:
// - a newcomer signs up on the portal, creates a business, a test game and a server key (shown once), makes the
//   first call and sees the checklist tick; a live game is refused before approval (BUSINESS_NOT_ACTIVATED); they
//   apply to go live with a PDF document: "Submitted — in review";
// - an operator named with `npm run operator -- add` signs up, enrols TOTP at /operator/sign-in (the secret read
//   from the page, the code computed here with otplib), stores the recovery codes, asks the business for action
//   with a note; the business reads the note, fixes the application and resubmits; the operator approves; the
//   business then creates a live game and a live server key, and the key works; /operator is a 404 for others;
// - the business registers a platform, a test key works, it requests live scopes (pending), the operator approves
//   them, the business creates a live platform key; that key creates a live business whose admin applies on the
//   hosted verification page (links.kyb); once the operator approves it, the live key acts for it (verificationStatus "approved").
// Every page visited is audited (fits the width, axe WCAG 2.2 AA, screenshot). Each test makes its own accounts.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { generateSync } from "otplib";
import { auditPortalPage } from "./portal-support";
import { asNewVisitor, signUpOnForm, uniqueEmail, verifyEmailFromOutbox } from "./support";

// Sign-ups through the outbox, an operator's enrolment and a dozen audited pages on a shared 2-core machine.
test.describe.configure({ timeout: 300_000 });

const PASSWORD = "a-good-password-1";
const tag = () => randomUUID().slice(0, 8);
const PDF = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

/** The page of a second person (the operator, a stranger): a context of its own, with this project's viewport. */
const newPerson = async (browser: Browser, baseURL: string): Promise<Page> => {
  const u = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport: u.viewport,
    deviceScaleFactor: u.deviceScaleFactor,
    isMobile: u.isMobile,
    hasTouch: u.hasTouch,
    userAgent: u.userAgent,
  });
  const page = await context.newPage();
  await asNewVisitor(page);
  return page;
};

/** `npm run operator -- add EMAIL` against the e2e server's database (the env e2e/support.ts's seed uses). */
const nameOperator = async (baseURL: string, email: string) => {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/operator.ts", "add", email], {
    env: {
      ...process.env,
      APP_URL: baseURL,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? "54331",
      EMBEDDED_PG_DIR: process.env.E2E_PG_DIR ?? ".data/e2e-postgres",
    },
    timeout: 60_000,
  });
  expect(stdout).toContain(`${email} is now an operator.`);
};

/** Signs up on the portal's form (/portal?mode=signup, the landing page's link), confirms the email from the outbox, and is back signed in. */
const signUpOnPortal = async (page: Page, email: string, audit = false) => {
  await page.goto("/portal?mode=signup");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to the developer portal" })).toBeVisible();
  if (audit) await auditPortalPage(page, "going-live-sign-up");
  await signUpOnForm(page, { email, password: PASSWORD });
  await verifyEmailFromOutbox(page, { email, password: PASSWORD });
  await expect(page.getByRole("heading", { level: 1, name: "Your businesses" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
};

/** "Create a business" on /portal: the new business's Overview; its id. */
const createBusiness = async (page: Page, name: string, audit = false) => {
  if (audit) await auditPortalPage(page, "going-live-businesses-empty");
  const form = page.getByRole("form", { name: "Create a business" });
  await form.getByLabel("Business name").fill(name);
  await form.getByRole("button", { name: "Create business" }).click();
  await expect(page).toHaveURL(/\/portal\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  return new URL(page.url()).pathname.split("/")[2]!;
};

/** Creates a game on the Games page of `env`; returns its id (from its page). */
const createGame = async (page: Page, businessId: string, name: string, env: "test" | "live", audit = false) => {
  await page.goto(`/portal/${businessId}/games${env === "live" ? "?env=live" : ""}`);
  const form = page.getByRole("form", { name: "Create a game" });
  await form.getByLabel("Name").fill(name);
  await expect(form.getByRole("radio", { name: env === "test" ? "Test" : "Live" })).toBeChecked();
  await form.getByRole("button", { name: "Create game" }).click();
  await expect(form.getByRole("status")).toHaveText(`Game “${name}” created in ${env}.`);
  if (audit) await auditPortalPage(page, `going-live-games-${env}`);
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return (await page.getByTestId("game-id").innerText()).trim();
};

/** Creates a server key for the game on the API keys page of `env`; the raw key, read the one time it is shown. */
const createServerKey = async (page: Page, businessId: string, gameName: string, env: "test" | "live", audit = false) => {
  await page.goto(`/portal/${businessId}/keys${env === "live" ? "?env=live" : ""}`);
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  const form = page.getByRole("region", { name: gameName }).getByRole("form", { name: `Create a key for ${gameName}` });
  await form.getByLabel("Label of the new key").fill(`${env} server`);
  await form.getByRole("button", { name: "Create key" }).click();
  await expect(form.getByRole("status").first()).toHaveText(`Key “${env} server” created.`);
  const raw = (await form.getByTestId("raw-key").innerText()).trim();
  expect(raw).toMatch(new RegExp(`^service_server_${env}_[0-9a-f]{48}$`));
  if (audit) await auditPortalPage(page, `going-live-key-${env}`);
  return raw;
};

const gameCall = (request: APIRequestContext, gameId: string, rawKey: string) =>
  request.get("/api/v1/game", { headers: { authorization: `Bearer ${rawKey}`, "x-game-id": gameId } });

type Application = { legalName: string; website: string };

/**
 * Fills the activation application (the same form on the portal's Go live page and the hosted links.kyb page),
 * uploads a PDF (`document`: its file name) and submits it; the page then says "Submitted — in review".
 */
const applyToGoLive = async (page: Page, app: Application, { document, audit }: { document?: string; audit?: string } = {}) => {
  if (document) {
    const upload = page.getByRole("form", { name: "Upload" });
    await upload.getByLabel("Document").setInputFiles({ name: document, mimeType: "application/pdf", buffer: PDF(document) });
    await upload.getByRole("button", { name: "Upload" }).click();
    await expect(upload.getByRole("status")).toHaveText(`Uploaded ${document}.`);
    await expect(page.getByTestId("activation-document").filter({ hasText: document })).toContainText("PDF");
  }
  const form = page.getByRole("form", { name: "Application" });
  const fill = (label: string, value: string) => form.getByLabel(label, { exact: true }).fill(value);
  await fill("Legal name", app.legalName);
  await fill("Registration number", "RCS 123 456 789");
  await fill("Tax ID", "FR12345678901");
  await fill("Website", app.website);
  await fill("What the business sells", "Gems and season passes in our mobile games, sold to players worldwide.");
  await fill("Address", "1 Main St");
  await fill("City", "Springfield");
  await fill("Postal code", "62701");
  await fill("Country code", "US");
  await fill("First name", "Ada");
  await fill("Last name", "Lovelace");
  await fill("Date of birth", "1980-04-12");
  await fill("Email", "ada@example.com");
  if (audit) await auditPortalPage(page, audit);
  await form.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByTestId("activation-status")).toHaveText("Submitted — in review");
  await expect(page.getByText("The application was submitted and is in review.")).toBeVisible();
};

/**
 * The operator's first visit: signs up as a player (the email a CLI named), opens /operator/sign-in, enrols TOTP
 * with the secret the page shows (the code computed with otplib, as an authenticator app does), reads the ten
 * recovery codes, stores them and opens the console.
 */
const enrolOperator = async (op: Page, email: string, audit = false) => {
  await signUpOnPortal(op, email);
  await op.goto("/operator/sign-in");
  await expect(op.getByRole("heading", { level: 1, name: "Set up your second factor" })).toBeVisible();
  await expect(op.getByTestId("totp-qr").locator("svg")).toBeVisible();
  const secret = (await op.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (audit) await auditPortalPage(op, "going-live-operator-enrol");
  const confirm = op.getByRole("form", { name: "Confirm the authenticator app" });
  await confirm.getByLabel("Code from the app").fill(generateSync({ secret }));
  await confirm.getByRole("button", { name: "Confirm and show recovery codes" }).click();
  const codes = op.getByTestId("recovery-codes");
  await expect(codes.getByRole("status")).toHaveText("Your authenticator app is set up.");
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  const stored = await codes.getByRole("listitem").allInnerTexts();
  for (const c of stored) expect(c).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
  if (audit) await auditPortalPage(op, "going-live-operator-recovery-codes");
  await op.getByRole("button", { name: "I stored them: open the console" }).click();
  await expect(op).toHaveURL(/\/operator$/);
  await expect(op.getByRole("heading", { level: 1, name: "Instance" })).toBeVisible();
  if (audit) await auditPortalPage(op, "going-live-operator-instance");
  return stored;
};

/** The operator decides a business's activation from the queue, with a note; returns the console's answer. */
const decideActivation = async (op: Page, business: string, decision: "Approve" | "Ask for action", note: string, audit?: string) => {
  await op.goto("/operator");
  await op
    .getByRole("navigation", { name: "Operator console" })
    .getByRole("link", { name: /^Activations/ })
    .click();
  await expect(op.getByRole("heading", { level: 1, name: "Business activations" })).toBeVisible();
  if (audit) await auditPortalPage(op, `${audit}-queue`);
  await op.getByRole("link", { name: business, exact: true }).click();
  await expect(op.getByRole("heading", { level: 1, name: business })).toBeVisible();
  await expect(op.getByRole("main").getByText("pending", { exact: true }).first()).toBeVisible();
  await expect(
    op
      .getByRole("region", { name: "Documents" })
      .getByRole("link", { name: /^Open / })
      .first(),
  ).toBeVisible();
  if (audit) await auditPortalPage(op, audit);
  const form = op.getByRole("form", { name: "Decide the activation" });
  await form.getByLabel("Note (why)").fill(note);
  await form.getByRole("button", { name: decision }).click();
  // approved: nothing is left to decide (the form goes); asked for action: the form stays, with the console's answer
  if (decision === "Approve") await expect(op.getByText("Nothing to decide: the activation is approved.")).toBeVisible();
  else await expect(form.getByRole("status")).toHaveText("The activation is waiting for the business to act; 1 owner(s) and admin(s) emailed.");
};

/** A newcomer with a business that applied to go live (signed in on `page`), and an enrolled operator on `op`. */
const appliedBusinessAndOperator = async (page: Page, browser: Browser, baseURL: string) => {
  const t = tag();
  const email = uniqueEmail("newcomer");
  const business = `Pixel Forge ${t}`;
  await asNewVisitor(page);
  await signUpOnPortal(page, email);
  const businessId = await createBusiness(page, business);
  await page.goto(`/portal/${businessId}/activation`);
  await applyToGoLive(page, { legalName: `Pixel Forge ${t} SAS`, website: "https://pixelforge.example" }, { document: "registration.pdf" });
  const operatorEmail = uniqueEmail("operator");
  await nameOperator(baseURL, operatorEmail);
  const op = await newPerson(browser, baseURL);
  await enrolOperator(op, operatorEmail);
  return { email, business, businessId, op };
};

test("a newcomer signs up, makes the first call with a test key, is refused live before approval, and applies to go live with a document", async ({
  page,
  request,
}) => {
  const t = tag();
  const email = uniqueEmail("newcomer");
  await asNewVisitor(page);
  await signUpOnPortal(page, email, true);
  const business = `Pixel Forge ${t}`;
  const businessId = await createBusiness(page, business, true);

  // the empty business: the checklist, nothing done
  await expect(page.getByTestId("checklist-progress")).toHaveText("0 of 5 steps done");
  await expect(page.getByTestId("step-live")).toHaveAttribute("data-done", "false");
  await auditPortalPage(page, "going-live-overview-empty");

  const gameName = `Starfall ${t}`;
  const gameId = await createGame(page, businessId, gameName, "test", true);
  const raw = await createServerKey(page, businessId, gameName, "test", true);
  const first = await gameCall(request, gameId, raw);
  expect(first.status()).toBe(200);
  expect(await first.json()).toMatchObject({ gameId, name: gameName, environment: "test" });

  // the checklist ticks the game, the key and the first call (the request log is written after the answer)
  await page.goto(`/portal/${businessId}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("step-call")).toHaveAttribute("data-done", "true", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("step-game")).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("step-key")).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("step-key")).toContainText(`X-Game-Id: ${gameId}`);
  await expect(page.getByTestId("checklist-progress")).toHaveText("3 of 5 steps done");
  await auditPortalPage(page, "going-live-overview-first-call");

  // live before approval: refused on the page with the gate's message, nothing created
  await page.goto(`/portal/${businessId}/games`);
  const create = page.getByRole("form", { name: "Create a game" });
  await create.getByLabel("Name").fill(`Live ${t}`);
  await create.getByRole("radio", { name: "Live" }).check();
  await create.getByRole("button", { name: "Create game" }).click();
  await expect(create.getByRole("alert")).toContainText(`Business ${businessId} is not approved to go live: nothing live can be created or used for it.`);
  await auditPortalPage(page, "going-live-live-refused");
  await page.goto(`/portal/${businessId}/games?env=live`);
  await expect(page.getByRole("link", { name: `Live ${t}` })).toHaveCount(0);

  // the checklist's last step leads to Go live
  await page.goto(`/portal/${businessId}`);
  await page.getByTestId("step-live").getByRole("link", { name: "Apply to go live" }).click();
  await expect(page).toHaveURL(`/portal/${businessId}/activation`);
  await expect(page.getByRole("heading", { level: 1, name: "Go live" })).toBeVisible();
  await expect(page.getByTestId("activation-status")).toHaveText("Not started");
  await auditPortalPage(page, "going-live-activation-empty");
  await applyToGoLive(
    page,
    { legalName: `Pixel Forge ${t} SAS`, website: "https://pixelforge.example" },
    { document: "registration.pdf", audit: "going-live-activation-filled" },
  );
  // submitted: read-only, the document kept
  await expect(page.getByRole("button", { name: "Submit for review" })).toHaveCount(0);
  await expect(page.getByTestId("activation-document")).toContainText("registration.pdf");
  await auditPortalPage(page, "going-live-activation-submitted");
  await page.goto(`/portal/${businessId}`);
  await expect(page.getByTestId("step-live")).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("checklist-progress")).toHaveText("4 of 5 steps done");
});

test("an operator with TOTP asks for action, the business fixes and resubmits, the operator approves; live games and keys then work; /operator is a 404 for others", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const t = tag();
  const email = uniqueEmail("newcomer");
  const business = `Pixel Forge ${t}`;
  await asNewVisitor(page);
  await signUpOnPortal(page, email);
  const businessId = await createBusiness(page, business);
  await page.goto(`/portal/${businessId}/activation`);
  await applyToGoLive(page, { legalName: `Pixel Forge ${t}`, website: "https://pixelforge.example" }, { document: "registration.pdf" });

  // the operator: named with the CLI, signs up as a player, enrols the second factor
  const operatorEmail = uniqueEmail("operator");
  await nameOperator(baseURL!, operatorEmail);
  const op = await newPerson(browser, baseURL!);
  await enrolOperator(op, operatorEmail, true);

  // asks for action, with what to fix
  const note = `The legal name must end with its company form (SAS), as in the registration extract ${t}.`;
  await decideActivation(op, business, "Ask for action", note, "going-live-operator-activation");
  await expect(op.getByText(`Last note: ${note}`)).toBeVisible();
  await auditPortalPage(op, "going-live-operator-asked");

  // the business reads the note, fixes the application, adds a document and resubmits
  await page.goto(`/portal/${businessId}/activation`);
  await expect(page.getByTestId("activation-status")).toHaveText("Action required");
  await expect(page.getByTestId("activation-note")).toContainText(note);
  await auditPortalPage(page, "going-live-activation-action-required");
  await applyToGoLive(page, { legalName: `Pixel Forge ${t} SAS`, website: "https://pixelforge.example" }, { document: "registration-extract.pdf" });
  await expect(page.getByTestId("activation-document")).toHaveCount(2);

  // the operator approves
  await decideActivation(op, business, "Approve", "Registration extract and legal name match.");
  await expect(op.getByText("Nothing to decide: the activation is approved.")).toBeVisible();
  await auditPortalPage(op, "going-live-operator-approved");

  // live: a game and a server key, and the key works
  await page.goto(`/portal/${businessId}/activation`);
  await expect(page.getByTestId("activation-status")).toHaveText("Approved");
  await expect(page.getByRole("heading", { name: "You are approved to go live" })).toBeVisible();
  await auditPortalPage(page, "going-live-activation-approved");
  const gameName = `Starfall Live ${t}`;
  const gameId = await createGame(page, businessId, gameName, "live", true);
  const raw = await createServerKey(page, businessId, gameName, "live", true);
  const live = await gameCall(request, gameId, raw);
  expect(live.status()).toBe(200);
  expect(await live.json()).toMatchObject({ gameId, name: gameName, environment: "live" });

  // /operator is a 404 for a member of a business (signed in, not an operator) and for a stranger
  for (const path of ["/operator", "/operator/sign-in", "/operator/activations", `/operator/activations/${businessId}`, "/operator/scope-requests"]) {
    expect((await page.goto(path))?.status(), `${path} for a member`).toBe(404);
  }
  const stranger = await newPerson(browser, baseURL!);
  for (const path of ["/operator", "/operator/sign-in", "/operator/activations", `/operator/activations/${businessId}`, "/operator/scope-requests"]) {
    const res = await stranger.goto(path);
    expect(res?.status(), `${path} for a stranger`).toBe(404);
    await expect(stranger.getByText(business)).toHaveCount(0);
  }
  await stranger.context().close();
  await op.context().close();
});

test("a business registers a platform, requests live scopes, the operator approves them; its live key acts for a live business once that business is approved", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const { email, business, businessId, op } = await appliedBusinessAndOperator(page, browser, baseURL!);
  await decideActivation(op, business, "Approve", "Documents match.");

  // the Platforms page: register one
  const platformName = `Arcade Hub ${tag()}`;
  await page.goto(`/portal/${businessId}/platforms`);
  await expect(page.getByRole("heading", { level: 1, name: "Platforms" })).toBeVisible();
  await expect(page.getByText("No platforms yet.")).toBeVisible();
  await auditPortalPage(page, "going-live-platforms-empty");
  const register = page.getByRole("form", { name: "Register a platform" });
  await register.getByLabel("Name").fill(platformName);
  await register.getByLabel("Description").fill("Tournaments for partner studios.");
  await register.getByRole("button", { name: "Register platform" }).click();
  await expect(page).toHaveURL(/\/platforms\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { level: 1, name: platformName })).toBeVisible();
  const platformPath = new URL(page.url()).pathname;

  // a test key (the management scopes, approved for every platform): shown once, and it works
  const testKey = page.getByRole("form", { name: "Create a test key" });
  await testKey.getByLabel("Label").fill("test platform");
  await testKey.getByRole("button", { name: "Create key" }).click();
  await expect(testKey.getByRole("status").first()).toContainText("Key “test platform” created (test,");
  const rawTest = (await testKey.getByTestId("raw-key").innerText()).trim();
  expect(rawTest).toMatch(/^service_platform_test_/);
  await auditPortalPage(page, "going-live-platform-test-key");
  const me = await request.get("/api/v1/platform/me", { headers: { authorization: `Bearer ${rawTest}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).name).toBe(platformName);

  // live scopes: requested for review, pending
  await page.goto(`${platformPath}?env=live`);
  const ask = page.getByRole("form", { name: "Request live scopes" });
  for (const s of ["business:create", "business:read"]) await ask.getByRole("checkbox", { name: s, exact: true }).check();
  await ask.getByRole("button", { name: "Request for review" }).click();
  await expect(ask.getByRole("status").or(page.getByRole("status")).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("list", { name: "Pending scopes" }).getByRole("listitem")).toHaveText(["business:create", "business:read"]);
  await expect(page.getByRole("list", { name: "Scope requests" })).toContainText("Pending review");
  await auditPortalPage(page, "going-live-platform-scopes-pending");
  await page.goto(`/portal/${businessId}/platforms`);
  await expect(page.getByText("2 live scopes pending")).toBeVisible();
  await auditPortalPage(page, "going-live-platforms");

  // the operator approves them in the live scope queue
  await op.goto("/operator");
  await op
    .getByRole("navigation", { name: "Operator console" })
    .getByRole("link", { name: /^Scope requests/ })
    .click();
  await expect(op.getByRole("heading", { level: 1, name: "Live scope requests" })).toBeVisible();
  const decide = op.getByRole("form", { name: `Decide the request of ${platformName}` });
  await expect(decide).toBeVisible();
  await auditPortalPage(op, "going-live-operator-scope-requests");
  await decide.getByLabel("Note (why)").fill("A platform of an approved business; creating and reading businesses only.");
  await decide.getByRole("button", { name: "Approve" }).click();
  // decided: it leaves the pending list for the decided ones, approved by this operator
  await expect(decide).toHaveCount(0);
  const decided = op.getByRole("table", { name: "Decided scope requests" }).getByRole("row").filter({ hasText: platformName });
  await expect(decided).toContainText("approved");
  await expect(decided).toContainText("A platform of an approved business");
  await auditPortalPage(op, "going-live-operator-scope-approved");

  // the business creates a live platform key with them
  await page.goto(`${platformPath}?env=live`);
  // the management scopes every platform holds, and the two approved
  await expect(page.getByRole("list", { name: "Approved scopes" }).getByRole("listitem")).toHaveText([
    "platform:read",
    "platform.key:manage",
    "platform.invite:manage",
    "platform.grant:manage",
    "platform.scope:request",
    "business:create",
    "business:read",
  ]);
  await expect(page.getByText("Pending: live scopes waiting for an operator").locator("xpath=..")).toContainText("None");
  await expect(page.getByRole("list", { name: "Scope requests" })).toContainText("Approved");
  const liveKey = page.getByRole("form", { name: "Create a live key" });
  await liveKey.getByLabel("Label").fill("live platform");
  for (const s of ["business:create", "business:read"]) await liveKey.getByRole("checkbox", { name: s, exact: true }).check();
  await liveKey.getByRole("button", { name: "Create key" }).click();
  await expect(liveKey.getByRole("status").first()).toContainText("Key “live platform” created (live,");
  const rawLive = (await liveKey.getByTestId("raw-key").innerText()).trim();
  expect(rawLive).toMatch(/^service_platform_live_/);
  await auditPortalPage(page, "going-live-platform-live-key");

  // the live key creates a live business (its admin: the newcomer); the business grants the platform business:read
  const auth = { authorization: `Bearer ${rawLive}` };
  const partner = `Northwind Live ${tag()}`;
  const created = await request.post("/api/v1/platform/business", {
    headers: { ...auth, "idempotency-key": randomUUID() },
    data: {
      name: partner,
      members: [{ email, roles: ["admin"], isOwner: true }],
      address: { line1: "1 Main St", city: "Springfield", state: "IL", postalCode: "62701", country: "US" },
      grantScopes: ["business:read"],
    },
  });
  expect(created.status()).toBe(201);
  const body = await created.json();
  const partnerId = body.business._id as string;
  expect(body.links.kyb).toBe(`${baseURL}/business/${partnerId}/verification`);
  const details = () => request.get("/api/v1/platform/business", { headers: { ...auth, "x-target-business-id": partnerId } });
  const before = await details();
  expect(before.status()).toBe(200);
  expect((await before.json()).business.verificationStatus).toBe("not_started");

  // its admin applies on the hosted verification page (links.kyb); the operator approves
  await page.goto(body.links.kyb);
  await expect(page.getByRole("heading", { level: 1, name: "Business verification" })).toBeVisible();
  await expect(page.getByTestId("activation-status")).toHaveText("Not started");
  await auditPortalPage(page, "going-live-kyb-not-started");
  await applyToGoLive(page, { legalName: `${partner} Ltd`, website: "https://northwind.example" }, { document: "northwind-extract.pdf" });
  await auditPortalPage(page, "going-live-kyb-submitted");
  expect((await (await details()).json()).business.verificationStatus).toBe("pending");
  await decideActivation(op, partner, "Approve", "Hosted application and extract match.");

  // the live platform key acts for the approved live business that granted it
  const after = await details();
  expect(after.status()).toBe(200);
  expect(await after.json()).toMatchObject({
    business: { _id: partnerId, name: partner, environment: "live", verificationStatus: "approved" },
    grant: { grantedScopes: ["business:read"] },
  });
  await page.reload();
  await expect(page.getByTestId("activation-status")).toHaveText("Approved");
  await auditPortalPage(page, "going-live-kyb-approved");

  // the platform console: the connected live business with its grant and activation, and the live key's requests
  await page.goto(`${platformPath}?env=live`);
  await page.getByRole("navigation", { name: "Platform" }).getByRole("link", { name: "Connected businesses" }).click();
  const connected = page.getByRole("list", { name: "Connected businesses" }).getByRole("listitem").filter({ hasText: partner });
  await expect(connected).toContainText("Grant active");
  await expect(connected).toContainText("Activation: Approved");
  await auditPortalPage(page, "going-live-platform-businesses");
  await page.getByRole("navigation", { name: "Platform" }).getByRole("link", { name: "Request log" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("main")).toContainText("/v1/platform/business", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await auditPortalPage(page, "going-live-platform-logs");
  await op.context().close();
});
