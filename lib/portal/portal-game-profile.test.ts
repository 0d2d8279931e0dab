// The store profile form's service against PostgreSQL, as its server action calls it: a member who may change
// games saves the Game fields no /v1 route writes (GET /v1/game then answers them) with an audit entry naming
// the changed fields; every refusal (a bad field 400 VALIDATION_ERROR, role 403, stranger 404, signed out 401)
// leaves the game as it was; the hosted checkout's success page follows hideSuccessPageShareButtons.
import "@/tests/support/serve-auth";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import GamePage from "@/app/portal/[businessId]/games/[gameId]/page";
import { updateGameProfileAction } from "@/app/portal/[businessId]/games/[gameId]/profile-actions";
import { INITIAL_FORM_STATE } from "@/components/portal/portal-form";
import { GET as GET_GAME } from "@/app/api/v1/game/route";
import { POST as createGrant } from "@/app/api/v1/checkout/grants/route";
import { loadSuccessView } from "@/lib/checkout/load-success-view";
import { parseCheckoutUrl } from "@/lib/checkout/sign-url";
import { AppError } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import { payCheckout } from "@/lib/flows/pay-checkout";
import { call } from "@/tests/support/http";
import { makeGame } from "@/tests/support/fixtures";
import { makeBusinessAdmin } from "@/tests/support/platform";
import { as, formData as form, makePortalMembers, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { makeProductRow, makeStore } from "@/tests/support/purchases";
import { inRequest } from "@/tests/support/serve-auth";
import { idem } from "@/tests/support/vc";
import { updatePortalGameProfile, type GameProfileForm } from "./update-portal-game-profile";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

const db = getDb();
const auth = servePortalAuth(authRoute);

const tenant = async () => {
  const g = await makeGame();
  const other = await makeGame();
  return {
    ...g,
    other,
    ...(await makePortalMembers(g.business.id, other.business.id)),
  };
};

/** The form as a fresh game shows it (its name, everything else empty or off, visible). */
const formOf = (name: string): GameProfileForm => ({
  name,
  description: "",
  imageUrl: "",
  smallImageUrl: "",
  storeImageUrl: "",
  demoUrl: "",
  demoImageUrl: "",
  discordUrl: "",
  steamAppId: "",
  screenshots: "",
  movies: "",
  affiliateRatePercent: "0",
  hideSuccessPageShareButtons: false,
  isVisible: true,
});

const FILLED = {
  name: "  Star Forge  ",
  description: "Build ships, fly them.",
  imageUrl: "https://cdn.example/forge.png",
  smallImageUrl: "https://cdn.example/forge-64.png",
  storeImageUrl: "https://cdn.example/forge-store.jpg",
  demoUrl: "https://forge.example/demo",
  demoImageUrl: "https://cdn.example/demo.png",
  discordUrl: "https://discord.gg/forge",
  steamAppId: "1234560",
  screenshots: "https://cdn.example/s1.png\r\n\n  https://cdn.example/s2.png  \n",
  movies: "https://cdn.example/trailer.mp4",
  affiliateRatePercent: "12.5",
  hideSuccessPageShareButtons: true,
  isVisible: false,
};

const apiGame = async (headers: Record<string, string>) => {
  const res = await call(GET_GAME, { headers });
  expect(res.status).toBe(200);
  return res.body;
};
const audits = (businessId: string) => db.auditEntry.findMany({ where: { businessId }, orderBy: { createdAt: "asc" } });

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { code: e.code, status: e.status, details: e.details };
};

describe("the store profile form", () => {
  it("saves every field through the game's profile service; GET /v1/game answers them; an audit entry names the changed fields", async () => {
    const t = await tenant();
    const ids = { businessId: t.business.id, gameId: t.game.id };

    const out = await updatePortalGameProfile(as(t.developer), { ...ids, ...formOf(t.game.name), ...FILLED });
    const expected = {
      name: "Star Forge",
      description: "Build ships, fly them.",
      imageUrl: "https://cdn.example/forge.png",
      smallImageUrl: "https://cdn.example/forge-64.png",
      storeImageUrl: "https://cdn.example/forge-store.jpg",
      demoUrl: "https://forge.example/demo",
      demoImageUrl: "https://cdn.example/demo.png",
      discordUrl: "https://discord.gg/forge",
      steamAppId: "1234560",
      screenshots: ["https://cdn.example/s1.png", "https://cdn.example/s2.png"],
      movies: ["https://cdn.example/trailer.mp4"],
      hideSuccessPageShareButtons: true,
      affiliateRate: 0.125,
      isVisible: false,
    };
    expect(out.game).toMatchObject(expected);
    expect(out.changed).toEqual(Object.keys(expected));
    const api = await apiGame(t.headers);
    expect(api).toMatchObject({ ...expected, gameId: t.game.id, status: "approved", environment: "test", storeUrl: null });
    expect(api).toEqual(out.game);

    const [entry, ...more] = await audits(t.business.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      environment: "test",
      actorType: "member",
      actorId: t.developer.email,
      action: "game.profile_updated",
      objectType: "game",
      objectId: t.game.id,
      details: { fields: Object.keys(expected) },
    });

    // a second save names only what changed; an empty field clears it; the same values again change nothing
    const again = await updatePortalGameProfile(as(t.developer), { ...ids, ...formOf("Star Forge"), ...FILLED, discordUrl: " ", movies: "", isVisible: true });
    expect(again.changed).toEqual(["discordUrl", "movies", "isVisible"]);
    expect(await apiGame(t.headers)).toMatchObject({ ...expected, discordUrl: "", movies: [], isVisible: true });
    const same = await updatePortalGameProfile(as(t.developer), { ...ids, ...formOf("Star Forge"), ...FILLED, discordUrl: "", movies: "", isVisible: true });
    expect(same.changed).toEqual([]);
    expect((await audits(t.business.id)).map((a) => a.details)).toEqual([{ fields: Object.keys(expected) }, { fields: ["discordUrl", "movies", "isVisible"] }]);
  });

  it("refuses each bad field with the API's VALIDATION_ERROR details, and changes nothing", async () => {
    const t = await tenant();
    const ids = { businessId: t.business.id, gameId: t.game.id };
    const before = await apiGame(t.headers);
    const cases: [Partial<GameProfileForm>, { field: string; message: string }][] = [
      [{ name: "   " }, { field: "name", message: "must not be empty" }],
      [{ name: "n".repeat(201) }, { field: "name", message: "must be at most 200 characters" }],
      [{ description: "d".repeat(2001) }, { field: "description", message: "must be at most 2000 characters" }],
      [{ imageUrl: "http://cdn.example/a.png" }, { field: "imageUrl", message: "must be an https URL" }],
      [{ smallImageUrl: "javascript:alert(1)" }, { field: "smallImageUrl", message: "must be an https URL" }],
      [{ storeImageUrl: "cdn.example/a.png" }, { field: "storeImageUrl", message: "must be an https URL" }],
      [{ demoUrl: "ftp://forge.example" }, { field: "demoUrl", message: "must be an https URL" }],
      [{ demoImageUrl: "https://a b" }, { field: "demoImageUrl", message: "must be an https URL" }],
      [{ discordUrl: `https://discord.gg/${"x".repeat(2040)}` }, { field: "discordUrl", message: "Too big: expected string to have <=2048 characters" }],
      [{ steamAppId: "abc" }, { field: "steamAppId", message: "must be a Steam app id: digits only, at most 10" }],
      [{ screenshots: "https://cdn.example/1.png\nhttp://cdn.example/2.png" }, { field: "screenshots.1", message: "must be an https URL" }],
      [
        { screenshots: Array.from({ length: 13 }, (_, i) => `https://cdn.example/${i}.png`).join("\n") },
        { field: "screenshots", message: "must list at most 12 URLs" },
      ],
      [{ movies: Array.from({ length: 7 }, (_, i) => `https://cdn.example/${i}.mp4`).join("\n") }, { field: "movies", message: "must list at most 6 URLs" }],
      [{ affiliateRatePercent: "101" }, { field: "affiliateRate", message: "must be at most 1 (100 %)" }],
      [{ affiliateRatePercent: "-1" }, { field: "affiliateRate", message: "must be 0 or more (0 %)" }],
      [{ affiliateRatePercent: "10.125" }, { field: "affiliateRate", message: "must be a whole number of basis points (at most 2 decimals in percent)" }],
      [{ affiliateRatePercent: "ten" }, { field: "affiliateRate", message: "must be a number" }],
    ];
    for (const [bad, detail] of cases) {
      const r = await refusal(updatePortalGameProfile(as(t.developer), { ...ids, ...formOf(t.game.name), ...FILLED, ...bad }));
      expect(r, JSON.stringify(bad).slice(0, 80)).toEqual({ code: "VALIDATION_ERROR", status: 400, details: [detail] });
    }
    expect(await apiGame(t.headers)).toEqual(before);
    expect(await audits(t.business.id)).toEqual([]);
  });

  it("viewer and finance: 403 PORTAL_ROLE_REQUIRED; another business's member: 404; signed out: 401; nothing changes", async () => {
    const t = await tenant();
    const ids = { businessId: t.business.id, gameId: t.game.id };
    const before = await apiGame(t.headers);
    const input = { ...ids, ...formOf(t.game.name), ...FILLED };
    for (const who of [t.viewer, t.finance])
      expect(await refusal(updatePortalGameProfile(as(who), input))).toMatchObject({ code: "PORTAL_ROLE_REQUIRED", status: 403 });
    expect(await refusal(updatePortalGameProfile(as(t.stranger), input))).toMatchObject({ code: "BUSINESS_NOT_FOUND", status: 404 });
    // the stranger's own business, naming this business's game: the game is not theirs
    expect(await refusal(updatePortalGameProfile(as(t.stranger), { ...input, businessId: t.other.business.id }))).toMatchObject({
      code: "GAME_NOT_FOUND",
      status: 404,
    });
    expect(await refusal(updatePortalGameProfile(as(null), input))).toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    // a role refusal comes before validation: a viewer sending bad fields still gets 403
    expect(await refusal(updatePortalGameProfile(as(t.viewer), { ...input, imageUrl: "http://x" }))).toMatchObject({ code: "PORTAL_ROLE_REQUIRED" });
    expect(await apiGame(t.headers)).toEqual(before);
    expect(await apiGame(t.other.headers)).toMatchObject({ name: t.other.game.name, imageUrl: "", isVisible: true });
    expect(await audits(t.business.id)).toEqual([]);
    expect(await audits(t.other.business.id)).toEqual([]);
  });

  it("the checkout's success page hides its share buttons once the profile says so", async () => {
    const s = await makeStore({ players: 0 });
    const admin = await makeBusinessAdmin(s.business.id, { roles: ["admin"] });
    const item = await makeProductRow(s.game.id, { name: "Hull plating", priceCents: 300 });
    const paidView = async () => {
      const res = await call(createGrant, { headers: idem(s.headers), body: { itemId: item.id, email: "buyer@example.com" } });
      expect(res.status, res.text).toBe(201);
      const paid = await payCheckout(
        { db },
        { ref: parseCheckoutUrl(res.body.checkoutUrl)!, method: "card", card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" } },
      );
      expect(paid.outcome).toBe("succeeded");
      return (await loadSuccessView({ db }, { purchaseId: paid.purchase.id }))!;
    };
    expect((await paidView()).game.hideShareButtons).toBe(false);
    await updatePortalGameProfile(as(admin), { businessId: s.business.id, gameId: s.game.id, ...formOf(s.game.name), hideSuccessPageShareButtons: true });
    expect((await paidView()).game.hideShareButtons).toBe(true);
  });
});

describe("the store profile form on the game page", () => {
  /** A member of `businessId` with `roles`, signed in: the request headers its browser sends. */
  const signedIn = async (businessId: string, roles: string[]) => auth.signIn(await makeBusinessAdmin(businessId, { roles }));
  const html = (headers: Record<string, string>, params: Record<string, string>) => renderPortalPage(headers, GamePage, params);
  const FIELDS = {
    name: "Nebula Run",
    description: "Race through space.",
    imageUrl: "https://cdn.example/nebula.png",
    smallImageUrl: "",
    storeImageUrl: "",
    demoUrl: "",
    demoImageUrl: "",
    discordUrl: "https://discord.gg/nebula",
    steamAppId: "",
    screenshots: "https://cdn.example/n1.png",
    movies: "",
    affiliateRatePercent: "7.5",
  };

  it("saves through the server action (checkboxes as ticked or not), shows a refusal's fields, and the page shows the saved profile", async () => {
    const g = await makeGame();
    const [developer, viewer] = await Promise.all([signedIn(g.business.id, ["developer"]), signedIn(g.business.id, ["viewer"])]);
    const action = updateGameProfileAction.bind(null, { businessId: g.business.id, gameId: g.game.id });

    const saved = await inRequest(developer, () => action(INITIAL_FORM_STATE, form({ ...FIELDS, hideSuccessPageShareButtons: "on" })));
    expect(saved).toEqual({
      error: null,
      notice: "Store profile saved (name, description, imageUrl, discordUrl, screenshots, hideSuccessPageShareButtons, affiliateRate, isVisible).",
      secret: null,
      attempt: 1,
    });
    expect(await apiGame(g.headers)).toMatchObject({
      name: "Nebula Run",
      imageUrl: "https://cdn.example/nebula.png",
      screenshots: ["https://cdn.example/n1.png"],
      hideSuccessPageShareButtons: true,
      isVisible: false,
      affiliateRate: 0.075,
    });

    const refused = await inRequest(developer, () =>
      action(saved, form({ ...FIELDS, imageUrl: "http://cdn.example/x.png", steamAppId: "x1", isVisible: "on" })),
    );
    expect(refused).toEqual({
      error: "Invalid body: imageUrl must be an https URL; steamAppId must be a Steam app id: digits only, at most 10.",
      notice: null,
      secret: null,
      attempt: 2,
    });
    expect(await apiGame(g.headers)).toMatchObject({ imageUrl: "https://cdn.example/nebula.png", steamAppId: "", isVisible: false });

    const viewerRefused = await inRequest(viewer, () => action(INITIAL_FORM_STATE, form({ ...FIELDS, isVisible: "on" })));
    expect(viewerRefused.error).toMatch(/^Your role \(viewer\) does not allow this/);
    expect(await apiGame(g.headers)).toMatchObject({ isVisible: false });

    const devPage = await html(developer, { businessId: g.business.id, gameId: g.game.id });
    expect(devPage).toContain('aria-label="Store profile"');
    expect(devPage).toContain("Save profile");
    expect(devPage).toContain('src="https://cdn.example/nebula.png"');
    expect(devPage).toContain('value="7.5"');
    expect(devPage).toMatch(/name="hideSuccessPageShareButtons" checked=""/);
    const viewPage = await html(viewer, { businessId: g.business.id, gameId: g.game.id });
    expect(viewPage).toContain("Store profile</h2>");
    expect(viewPage).not.toContain("Save profile");
    expect(viewPage).toContain("https://discord.gg/nebula");
    expect(viewPage).toContain("7.5 %");
  });
});
