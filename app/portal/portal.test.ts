// The portal's pages and server actions as Next calls them, signed in through the real next-auth cookie:
// the pages check the role on the server (nav items a role cannot use are not shown; a page it may not see
// says so and shows none of its data; a stranger gets a 404), and every server action refuses a role that
// may not use it, with the service's message in the form and nothing changed.
import "@/tests/support/serve-auth";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { INITIAL_FORM_STATE } from "@/components/portal/portal-form";
import { getDb } from "@/lib/db/client";
import { createGame } from "@/lib/games/create-game";
import { addBusinessMember } from "@/lib/tenants/add-business-member";
import { createBusiness } from "@/lib/tenants/create-business";
import { createDeveloperAccount } from "@/lib/tenants/create-developer-account";
import { issueApiKey } from "@/lib/tenants/issue-api-key";
import { hashKey } from "@/lib/tenants/keys";
import { approveBusinessForLive } from "@/tests/support/activation";
import { makeBusiness } from "@/tests/support/platform";
import { formData as form, makePortalTenant, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { inRequest } from "@/tests/support/serve-auth";
import { createGameAction, createKeyAction, labelKeyAction, revokeKeyAction, rotateKeyAction, updateGameAction } from "./[businessId]/actions";
import GamePage from "./[businessId]/games/[gameId]/page";
import GamesPage from "./[businessId]/games/page";
import KeysPage from "./[businessId]/keys/page";
import OverviewPage from "./[businessId]/page";
import { claimDeveloperLoginAction } from "./actions";
import PortalHome from "./page";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const db = getDb();
const auth = servePortalAuth(authRoute);

/** The portal tenant (tests/support/portal.ts) with a seed-like server key, and its developer, finance, viewer and stranger signed in. */
const tenant = async () => {
  const t = await makePortalTenant();
  const key = await issueApiKey({ db }, { kind: "server", environment: "test", gameId: t.game.id, label: "seed" });
  const signedIn = await auth.signInMembers({ developer: t.developer, finance: t.finance, viewer: t.viewer, stranger: t.stranger });
  return { business: t.business, game: t.game, key, ...signedIn };
};

const html = (headers: Record<string, string>, page: unknown, params: Record<string, string>, env?: string) =>
  renderPortalPage(headers, page, params, env ? { env } : {});

describe("the portal pages", () => {
  it("ask a signed-out visitor to sign in, and list a member's businesses with its roles", async () => {
    const t = await tenant();
    const out = await html({}, OverviewPage as never, { businessId: t.business.id });
    expect(out).toContain("Sign in to the developer portal</h1>");
    expect(out).not.toContain(t.business.name);
    const home = await inRequest(t.viewer, async () => renderToStaticMarkup((await PortalHome({ searchParams: Promise.resolve({}) })) as ReactElement));
    expect(home).toContain(`href="/portal/${t.business.id}"`);
    expect(home).toContain(t.business.name);
    expect(home).toContain("viewer");
  });

  it("let the seed's developer login sign in (the player made by the claim action) and see its business", async () => {
    const email = `dev-${Math.random().toString(36).slice(2, 10)}@coinop.test`;
    const dev = await createDeveloperAccount({ db }, { email, name: "Dev", password: "seed-pass-123" });
    const business = await createBusiness({ db }, { name: `Studio ${email}`, environment: "test", ownerId: dev.id });
    await addBusinessMember({ db }, { businessId: business.id, email, roles: ["admin"], isOwner: true });
    const browser = auth.browser({ ip: "203.0.113.44" });
    expect(await inRequest(browser.headers(), () => claimDeveloperLoginAction(form({ email, password: "wrong-pass-1" })))).toEqual({
      ok: false,
      error: "Wrong email or password.",
    });
    expect(await inRequest(browser.headers(), () => claimDeveloperLoginAction(form({ email, password: "seed-pass-123" })))).toEqual({ ok: true });
    expect(await browser.signIn({ mode: "signin", email, password: "seed-pass-123" })).toMatchObject({ signedIn: true });
    const overview = await html(browser.headers(), OverviewPage as never, { businessId: business.id });
    expect(overview).toContain("Overview</h1>");
    expect(overview).toContain(business.name);
    expect(overview).toContain("Your role: owner, admin");
  });

  it("show each role the nav items it may use, and refuse a page it may not see on the server", async () => {
    const t = await tenant();
    const dev = await html(t.developer, OverviewPage as never, { businessId: t.business.id });
    expect(dev).toContain("Overview</h1>");
    expect(dev).toContain("Test mode: test data, test keys.");
    expect(dev).toContain(">Main game</a>");
    expect(dev).toContain(">API keys</a>");

    const fin = await html(t.finance, OverviewPage as never, { businessId: t.business.id });
    expect(fin).toContain(">Games</a>");
    expect(fin).not.toContain(">API keys</a>");
    const finKeys = await html(t.finance, KeysPage as never, { businessId: t.business.id });
    expect(finKeys).toContain("Not available for your role</h1>");
    expect(finKeys).not.toContain(t.key.key.prefix);
    expect(finKeys).not.toContain(">API keys</a>");

    // a viewer sees keys (prefixes only) and games, read-only: no create, rotate or revoke, no settings form
    const viewKeys = await html(t.viewer, KeysPage as never, { businessId: t.business.id });
    expect(viewKeys).toContain(`${t.key.key.prefix}…`);
    expect(viewKeys).not.toContain("Create key");
    expect(viewKeys).not.toContain("Revoke");
    expect(await html(t.viewer, GamesPage as never, { businessId: t.business.id })).not.toContain("Create a game");
    const viewGame = await html(t.viewer, GamePage as never, { businessId: t.business.id, gameId: t.game.id });
    expect(viewGame).toContain("Main game</h1>");
    expect(viewGame).not.toContain("Save settings");

    const devKeys = await html(t.developer, KeysPage as never, { businessId: t.business.id });
    expect(devKeys).toContain("Create key");
    expect(devKeys).toContain("Rotate");
    expect(devKeys).toContain("Revoke");
    // a server key card says which X-Game-Id to send, as a campaign key card says its X-Campaign-Id
    expect(devKeys).toContain(`Server keys, sent with <code class="font-mono">X-Game-Id: ${t.game.id}</code>`);
    // the Overview's checklist: the seed-like key ticks "Copy a server key"; a finance member gets no link to API keys
    const devOverview = await html(t.developer, OverviewPage as never, { businessId: t.business.id });
    expect(devOverview).toMatch(/data-testid="step-key" data-done="true"/);
    expect(devOverview).toMatch(/data-testid="step-call" data-done="false"/);
    expect(await html(t.developer, GamePage as never, { businessId: t.business.id, gameId: t.game.id })).toContain("Save settings");
    // the live switch: no live games yet
    expect(await html(t.developer, GamesPage as never, { businessId: t.business.id }, "live")).toContain("No live games yet.");
  });

  it("are a 404 for another business's member, and for another business's game", async () => {
    const t = await tenant();
    await expect(html(t.stranger, OverviewPage as never, { businessId: t.business.id })).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    await expect(html(t.stranger, KeysPage as never, { businessId: t.business.id })).rejects.toMatchObject({ digest: expect.stringContaining("404") });
    const theirs = await createGame({ db }, { businessId: (await makeBusiness("test")).id, environment: "test", name: "Theirs" });
    await expect(html(t.developer, GamePage as never, { businessId: t.business.id, gameId: theirs.id })).rejects.toMatchObject({
      digest: expect.stringContaining("404"),
    });
  });
});

describe("the portal's server actions", () => {
  it("let a developer create a game and a key (raw value in the form's state only), save settings, rename, rotate and revoke", async () => {
    const t = await tenant();
    const b = t.business.id;
    await approveBusinessForLive(b); // a live game needs an approved business (tests/security/28-live-gate.test.ts refuses it before)
    const game = await inRequest(t.developer, () =>
      createGameAction({ businessId: b }, INITIAL_FORM_STATE, form({ name: "Rocket", description: "", environment: "live" })),
    );
    expect(game).toEqual({ error: null, notice: "Game “Rocket” created in live.", secret: null, attempt: 1 });
    expect(await db.game.count({ where: { businessId: b, environment: "live", name: "Rocket" } })).toBe(1);

    const made = await inRequest(t.developer, () => createKeyAction({ businessId: b, gameId: t.game.id }, INITIAL_FORM_STATE, form({ label: "CI" })));
    expect(made.error).toBeNull();
    expect(made.notice).toBe("Key “CI” created.");
    expect(made.secret?.value).toMatch(/^service_server_test_[0-9a-f]{48}$/);
    const row = await db.apiKey.findUniqueOrThrow({ where: { hash: hashKey(made.secret!.value) } });
    expect(row).toMatchObject({ gameId: t.game.id, label: "CI", status: "active" });
    // the key page shows its prefix, never the raw value again
    const page = await html(t.developer, KeysPage as never, { businessId: b });
    expect(page).toContain(`${row.prefix}…`);
    expect(page).not.toContain(made.secret!.value);

    const saved = await inRequest(t.developer, () =>
      updateGameAction(
        { businessId: b, gameId: t.game.id },
        INITIAL_FORM_STATE,
        form({ storeUrl: "ftp://nope", termsUrl: "", supportUrl: "", taxLabel: "", taxRatePercent: "" }),
      ),
    );
    expect(saved).toEqual({ error: "Invalid body: storeUrl must be an http(s) URL.", notice: null, secret: null, attempt: 1 });
    const ok = await inRequest(t.developer, () =>
      updateGameAction(
        { businessId: b, gameId: t.game.id },
        INITIAL_FORM_STATE,
        form({ storeUrl: "https://store.example", termsUrl: "", supportUrl: "", taxLabel: "", taxRatePercent: "" }),
      ),
    );
    expect(ok.notice).toBe("Settings saved.");
    expect((await db.game.findUniqueOrThrow({ where: { id: t.game.id } })).storeUrl).toBe("https://store.example");

    expect((await inRequest(t.developer, () => labelKeyAction({ businessId: b, keyId: row.id }, INITIAL_FORM_STATE, form({ label: "Build" })))).notice).toBe(
      "Renamed to “Build”.",
    );
    const rotated = await inRequest(t.developer, () => rotateKeyAction({ businessId: b, keyId: row.id }, INITIAL_FORM_STATE, form({ gracePeriodDays: "3" })));
    expect(rotated.notice).toMatch(/^Key rotated\. The old key works until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    expect(rotated.secret?.value).toMatch(/^service_server_test_/);
    const revoked = await inRequest(t.developer, () => revokeKeyAction({ businessId: b, keyId: row.id }, INITIAL_FORM_STATE, form({ confirm: "yes" })));
    expect(revoked.notice).toBe("Key revoked. Requests with it now get 401.");
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("revoked");
  });

  it("refuse every action to a role that may not use it and to a stranger, changing nothing", async () => {
    const t = await tenant();
    const b = t.business.id;
    const k = t.key.key.id;
    const actions = {
      createGame: () => createGameAction({ businessId: b }, INITIAL_FORM_STATE, form({ name: "X", description: "", environment: "test" })),
      updateGame: () =>
        updateGameAction(
          { businessId: b, gameId: t.game.id },
          INITIAL_FORM_STATE,
          form({ storeUrl: "https://evil.example", termsUrl: "", supportUrl: "", taxLabel: "", taxRatePercent: "" }),
        ),
      createKey: () => createKeyAction({ businessId: b, gameId: t.game.id }, INITIAL_FORM_STATE, form({ label: "X" })),
      labelKey: () => labelKeyAction({ businessId: b, keyId: k }, INITIAL_FORM_STATE, form({ label: "X" })),
      rotateKey: () => rotateKeyAction({ businessId: b, keyId: k }, INITIAL_FORM_STATE, form({ gracePeriodDays: "1" })),
      revokeKey: () => revokeKeyAction({ businessId: b, keyId: k }, INITIAL_FORM_STATE, form({ confirm: "yes" })),
    };
    for (const [name, run] of Object.entries(actions)) {
      for (const [who, headers, role] of [
        ["viewer", t.viewer, "viewer"],
        ["finance", t.finance, "finance"],
      ] as const)
        expect(await inRequest(headers, run), `${name} as ${who}`).toEqual({
          error: `Your role (${role}) does not allow this. Ask an owner or admin of the business.`,
          notice: null,
          secret: null,
          attempt: 1,
        });
      expect(await inRequest(t.stranger, run), `${name} as a stranger`).toMatchObject({ error: "This business was not found.", secret: null });
      expect(await inRequest({}, run), `${name} signed out`).toMatchObject({ error: "Sign in with the email that is a member of this business." });
    }
    expect(await db.game.count({ where: { businessId: b } })).toBe(1);
    expect((await db.game.findUniqueOrThrow({ where: { id: t.game.id } })).storeUrl).toBeNull();
    expect(await db.apiKey.findMany({ where: { gameId: t.game.id }, select: { label: true, status: true, replacedByKeyId: true } })).toEqual([
      { label: "seed", status: "active", replacedByKeyId: null },
    ]);
  });
});
