// The developer portal's first slice in a real browser against the production build, on the desktop:
// the seed's developer signs in on /portal with the login `npm run seed` printed, sees its business, creates a game, creates a key (the raw value shown once: gone after a reload), calls
// GET /v1/game with it (200), rotates it (the old key still works in its grace period) and revokes it (401).
// Every page is audited with axe (no serious or critical violations) and saved as a screenshot.
import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { auditPortalPage, type PortalSeed } from "./portal-support";
import { asNewVisitor, expectHostedPageBasics, screenshot, seed, startReceiver } from "./support";

// The seed, a sign-up through the outbox and six audited pages on a shared 2-core machine.
test.describe.configure({ timeout: 240_000 });

const audit = auditPortalPage;

const gameCall = (request: APIRequestContext, gameId: string, rawKey: string) =>
  request.get("/api/v1/game", { headers: { authorization: `Bearer ${rawKey}`, "x-game-id": gameId } });

test("a developer signs in, creates a game and a key shown once, uses it, rotates it and revokes it", async ({ page, request, baseURL }) => {
  const receiver = await startReceiver();
  try {
    const s = (await seed(baseURL!, receiver.url)) as PortalSeed;
    await asNewVisitor(page);

    // signed out: the hosted sign-in form
    await page.goto("/portal");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to the developer portal" })).toBeVisible();
    await expectHostedPageBasics(page);
    await audit(page, "sign-in");
    // the login the seed printed
    await page.getByRole("link", { name: "Use the developer login" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Developer login" })).toBeVisible();
    await audit(page, "developer-login");
    const login = page.getByRole("form", { name: "Developer login" });
    await login.getByLabel("Developer password").fill("not-the-password");
    await login.getByLabel("Developer email").fill(s.portal.email);
    await login.getByRole("button", { name: "Sign in with the developer login" }).click();
    await expect(login.getByRole("alert")).toHaveText("Wrong email or password.");
    await login.getByLabel("Developer password").fill(s.portal.password);
    await login.getByRole("button", { name: "Sign in with the developer login" }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByText(`Signed in as ${s.portal.email}`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Your businesses" })).toBeVisible();
    await audit(page, "businesses");

    // the seed's business: an admin of it (the seed's membership), with its one test game
    await page.getByRole("link", { name: /^Test Studio / }).click();
    await expect(page).toHaveURL(`/portal/${s.business.businessId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(page.getByTestId("test-banner")).toBeVisible();
    await expect(page.getByTestId("count-test")).toHaveText("1");
    await expect(page.getByTestId("count-live")).toHaveText("0");
    await expectHostedPageBasics(page);
    await audit(page, "overview");

    // create a test game
    const gameName = `Portal Game ${randomBytes(3).toString("hex")}`;
    await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Games" }).click();
    const create = page.getByRole("form", { name: "Create a game" });
    await create.getByLabel("Name").fill(gameName);
    await create.getByRole("button", { name: "Create game" }).click();
    await expect(create.getByRole("status")).toHaveText(`Game “${gameName}” created in test.`);
    await expect(page.getByRole("link", { name: gameName })).toBeVisible();
    await audit(page, "games");

    // its settings, through PATCH /v1/game's service
    await page.getByRole("link", { name: gameName }).click();
    await expect(page.getByRole("heading", { level: 1, name: gameName })).toBeVisible();
    const gameId = (await page.getByTestId("game-id").innerText()).trim();
    const settings = page.getByRole("form", { name: "Checkout settings" });
    await settings.getByLabel("Store URL").fill("not a url");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(settings.getByRole("alert")).toHaveText("Invalid body: storeUrl must be an http(s) URL.");
    await settings.getByLabel("Store URL").fill("https://store.example/portal");
    await settings.getByRole("button", { name: "Save settings" }).click();
    await expect(settings.getByRole("status")).toHaveText("Settings saved.");
    await audit(page, "game");

    // a key: the raw value once, with a copy button
    await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "API keys" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
    const card = page.getByRole("region", { name: gameName });
    const newKey = card.getByRole("form", { name: `Create a key for ${gameName}` });
    await newKey.getByLabel("Label of the new key").fill("e2e server");
    await newKey.getByRole("button", { name: "Create key" }).click();
    await expect(newKey.getByRole("status").first()).toHaveText("Key “e2e server” created.");
    const raw = (await newKey.getByTestId("raw-key").innerText()).trim();
    expect(raw).toMatch(/^service_server_test_[0-9a-f]{48}$/);
    await expect(newKey.getByRole("button", { name: "Copy" })).toBeVisible();
    await expectHostedPageBasics(page);
    await audit(page, "key-created");

    const used = await gameCall(request, gameId, raw);
    expect(used.status()).toBe(200);
    expect((await used.json()).gameId).toBe(gameId);

    // reload: the raw value is gone; the key shows its prefix, creation and last use
    await page.reload();
    await expect(page.getByTestId("raw-key")).toHaveCount(0);
    expect(await page.content()).not.toContain(raw);
    const prefix = raw.slice(0, "service_server_test_".length + 4);
    const item = card.locator(`li[data-prefix="${prefix}"]`);
    await expect(item).toContainText(`${prefix}…`);
    await expect(item).toContainText("Active");
    await expect(item).toContainText(/Last used \d{4}-\d\d-\d\d \d\d:\d\d UTC/);

    // rotate: a new key shown once; the old one keeps working during its grace period
    const rotate = item.getByRole("form", { name: `Rotate key ${prefix}` });
    await rotate.getByLabel("Grace period (days)").fill("2");
    await rotate.getByRole("button", { name: "Rotate" }).click();
    await expect(rotate.getByRole("status").first()).toContainText("Key rotated. The old key works until");
    // the new key in a dialog of its own, which has the focus; the old key is listed as expiring
    const shown = page.getByRole("dialog", { name: /^Your new key/ });
    await expect(shown).toBeVisible();
    const rotated = (await shown.getByTestId("raw-key").innerText()).trim();
    expect(rotated).not.toBe(raw);
    await screenshot(page, "portal-key-rotated-dialog");
    await shown.getByRole("button", { name: "I have copied it" }).click();
    await expect(shown).toBeHidden();
    expect((await gameCall(request, gameId, rotated)).status()).toBe(200);
    expect((await gameCall(request, gameId, raw)).status()).toBe(200);
    await expect(item).toContainText(/Expires in 1 day 23 hours|Expires in 2 days/);
    await screenshot(page, "portal-key-rotated");

    // revoke the old key, still in its grace: a dialog names it and what breaks; Escape leaves it working
    await item.getByRole("button", { name: "Revoke…" }).click();
    const confirm = page.getByRole("dialog", { name: /^Revoke “/ });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(`Key ${prefix}… of game`);
    await expect(confirm).toContainText("gets 401");
    await expect(confirm).toContainText("revoking ends that grace period now");
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    expect((await gameCall(request, gameId, raw)).status()).toBe(200);
    await item.getByRole("button", { name: "Revoke…" }).click();
    await audit(page, "key-revoke-dialog");
    await confirm.getByRole("button", { name: "Revoke key" }).click();
    await expect(item).toContainText("Revoked");
    const refused = await gameCall(request, gameId, raw);
    expect(refused.status()).toBe(401);
    expect((await refused.json()).code).toBe("UNAUTHORIZED");
    expect((await gameCall(request, gameId, rotated)).status()).toBe(200);
    await audit(page, "key-revoked");

    // the live switch: no live games, visibly not test data
    await page.getByRole("navigation", { name: "Environment" }).getByRole("link", { name: "Live" }).click();
    await expect(page).toHaveURL(/\?env=live$/);
    await expect(page.getByTestId("test-banner")).toHaveCount(0);
    await expect(page.getByText("No live games yet: create one on the Games page.")).toBeVisible();
    await audit(page, "keys-live");
  } finally {
    receiver.close();
  }
});
