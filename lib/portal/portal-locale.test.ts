// The portal's language: the account's own choice wins over the browser's, the browser's (Accept-Language)
// applies when the account chose none, English otherwise; saving it keeps "en"/"fr" or "" (back to the
// browser's) on the signed-in account only, and refuses nobody signed in (401) and any other value (400),
// changing nothing.
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/core/errors";
import { getDb } from "@/lib/db/client";
import { makePlayer } from "@/tests/support/players";
import { loadPortalLocaleSetting, portalLocale } from "./portal-locale";
import { savePortalLocale } from "./save-portal-locale";

const db = getDb();
const settingOf = async (id: string) => (await db.player.findUniqueOrThrow({ where: { id }, select: { locale: true } })).locale;

describe("the portal's locale", () => {
  it("is the account's setting, else the browser's, else English", () => {
    expect(portalLocale("fr", "en-US,en;q=0.9")).toBe("fr");
    expect(portalLocale("en", "fr-FR,fr;q=0.9")).toBe("en");
    expect(portalLocale(null, "fr-CA,fr;q=0.9,en;q=0.5")).toBe("fr");
    expect(portalLocale(null, "de-DE,de;q=0.9")).toBe("en");
    expect(portalLocale(null, null)).toBe("en");
    // a stored value we no longer speak falls back to the browser's
    expect(portalLocale("de", "fr")).toBe("fr");
  });
});

describe("saving the portal's language", () => {
  it("keeps the signed-in account's choice, and '' follows the browser again", async () => {
    const me = await makePlayer();
    const other = await makePlayer();
    const ctx = { db, player: { playerId: me.id, email: me.email } };
    expect(await loadPortalLocaleSetting(db, me.id)).toBeNull();
    expect(await savePortalLocale(ctx, { locale: "fr" })).toEqual({ locale: "fr" });
    expect(await loadPortalLocaleSetting(db, me.id)).toBe("fr");
    expect(await settingOf(other.id)).toBeNull(); // only the signed-in account changes
    expect(await savePortalLocale(ctx, { locale: "" })).toEqual({ locale: null });
    expect(await settingOf(me.id)).toBeNull();
    expect(await loadPortalLocaleSetting(db, null)).toBeNull();
  });

  it("refuses nobody signed in and an unknown language, changing nothing", async () => {
    const me = await makePlayer();
    const ctx = { db, player: { playerId: me.id, email: me.email } };
    await savePortalLocale(ctx, { locale: "en" });
    await expect(savePortalLocale({ db, player: null }, { locale: "fr" })).rejects.toMatchObject({ code: "ADMIN_SIGN_IN_REQUIRED", status: 401 });
    for (const locale of ["de", "FR", "fr-CA", "x".repeat(5000), " fr"]) {
      const err = await savePortalLocale(ctx, { locale }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: "VALIDATION_ERROR", status: 400, details: [{ field: "locale", message: "is not one of en, fr" }] });
    }
    expect(await settingOf(me.id)).toBe("en");
  });
});
