import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { makeGame } from "@/tests/support/fixtures";
import { initiateLinkSession } from "./initiate-link-session";
import type { LinkScope } from "./link-scope";
import { loadLinkPage, loadLinkPageMeta, localeOfMetadata } from "./load-link-page";

const gameScope = (gameId: string): LinkScope => ({ namespace: { type: "game", id: gameId }, environment: "test", owner: { type: "game", id: gameId } });

describe("the link page's locale override", () => {
  it("is the session metadata's `locale` when it is a short string, else null", () => {
    expect(localeOfMetadata({ locale: "fr-CA", other: 1 })).toBe("fr-CA");
    expect(localeOfMetadata({ locale: "de" })).toBe("de"); // kept: the page falls back to Accept-Language for what it does not speak
    expect(localeOfMetadata({ locale: 3 })).toBeNull();
    expect(localeOfMetadata({ locale: "" })).toBeNull();
    expect(localeOfMetadata({ locale: "x".repeat(36) })).toBeNull();
    expect(localeOfMetadata(["fr"])).toBeNull();
    expect(localeOfMetadata(null)).toBeNull();
    expect(localeOfMetadata("fr")).toBeNull();
  });

  it("reaches the page and its title from the session's metadata", async () => {
    const { game } = await makeGame();
    const { session } = await initiateLinkSession({ db: getDb() }, { scope: gameScope(game.id), metadata: { locale: "fr", order: 7 } });
    expect((await loadLinkPage({ db: getDb() }, { sessionKey: session.sessionKey, player: null }))!.locale).toBe("fr");
    expect(await loadLinkPageMeta({ db: getDb() }, { sessionKey: session.sessionKey })).toEqual({
      state: "pending",
      merchant: { kind: "game", name: game.name, imageUrl: null, environment: "test" },
      locale: "fr",
    });
    const { session: plain } = await initiateLinkSession({ db: getDb() }, { scope: gameScope(game.id), email: "meta-plain@example.com" });
    expect((await loadLinkPage({ db: getDb() }, { sessionKey: plain.sessionKey, player: null }))!.locale).toBeNull();
    expect((await loadLinkPageMeta({ db: getDb() }, { sessionKey: plain.sessionKey }))!.locale).toBeNull();
  });

  it("meta: an overdue session reads as expired without being written; an unknown or NUL key is null", async () => {
    const { game } = await makeGame();
    const { session } = await initiateLinkSession({ db: getDb() }, { scope: gameScope(game.id), now: new Date(Date.now() - 25 * 3600_000) });
    expect((await loadLinkPageMeta({ db: getDb() }, { sessionKey: session.sessionKey }))!.state).toBe("expired");
    expect((await getDb().linkSession.findUniqueOrThrow({ where: { id: session.id } })).state).toBe("pending");
    expect(await loadLinkPageMeta({ db: getDb() }, { sessionKey: "lks_test_unknown" })).toBeNull();
    expect(await loadLinkPageMeta({ db: getDb() }, { sessionKey: "lks_\u0000" })).toBeNull();
  });
});
