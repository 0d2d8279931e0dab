// The Players page's list: it opens on the most recent links of the business (never another's), 25 a page,
// with counts; status and namespace filters narrow the list and the search; a filter naming another business's
// game is ignored; every member role with players:read may see it, a stranger gets 404 and nobody 401.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { as, makePortalTenant } from "@/tests/support/portal";
import { listPortalPlayers, PLAYERS_PAGE_SIZE } from "./list-portal-players";

const db = getDb();

/** `n` players linked to `gameId`, one minute apart (the last the most recent), `unlinked` of them removed. */
const linkPlayers = async (gameId: string, n: number, { tag, unlinked = 0 }: { tag: string; unlinked?: number }) => {
  const start = Date.UTC(2026, 10, 1);
  const refs: string[] = [];
  for (let i = 0; i < n; i++) {
    const player = await db.player.create({ data: { id: newId(), email: `${tag}-${i}-${newId()}@example.com` } });
    const userRef = `${tag}-${i}-${newId()}`;
    await db.playerLink.create({
      data: {
        id: newId(),
        userRef,
        namespaceType: "game",
        namespaceId: gameId,
        environment: "test",
        playerId: player.id,
        linkedAt: new Date(start + i * 60_000),
        ...(i < unlinked ? { status: "unlinked", unlinkedAt: new Date(start + i * 60_000 + 1000) } : {}),
      },
    });
    refs.push(userRef);
  }
  return refs;
};

describe("the players list", () => {
  it("opens on the most recent players with counts and pages, filtered by status and namespace, the business's only", async () => {
    const t = await makePortalTenant();
    const mine = await linkPlayers(t.game.id, 30, { tag: "main", unlinked: 4 });
    const theirs = await linkPlayers(t.otherGame.id, 3, { tag: "other" });
    const list = (filter: Parameters<typeof listPortalPlayers>[1]["filter"], who = t.viewer) =>
      listPortalPlayers(as(who), { businessId: t.business.id, environment: "test", filter });

    const first = await list({});
    expect(first.mode).toBe("list");
    expect(first.counts).toEqual({ all: 30, active: 26, unlinked: 4 });
    expect(first.pagination).toMatchObject({ page: 1, totalCount: 30, totalPages: 2, hasNextPage: true, hasPrevPage: false });
    expect(first.hits).toHaveLength(PLAYERS_PAGE_SIZE);
    // newest first
    expect(first.hits.map((h) => h.userRef)).toEqual([...mine].reverse().slice(0, 25));
    expect(first.hits[0]).toMatchObject({ namespace: { type: "game", id: t.game.id, name: "Main game" }, status: "active" });
    const second = await list({ page: "2" });
    expect(second.hits.map((h) => h.userRef)).toEqual([...mine].reverse().slice(25));
    // never another business's links
    for (const page of [first, second]) for (const ref of theirs) expect(page.hits.map((h) => h.userRef)).not.toContain(ref);

    const removed = await list({ status: "unlinked" });
    expect(removed.hits.map((h) => h.userRef)).toEqual(mine.slice(0, 4).reverse());
    expect(removed.pagination).toMatchObject({ totalCount: 4, totalPages: 1 });
    expect(removed.filter).toEqual({ status: "unlinked", linkedTo: undefined });

    // the game's own namespace narrows; another business's game in the filter is ignored (no leak, the whole list)
    expect((await list({ linkedTo: `game:${t.game.id}` })).pagination!.totalCount).toBe(30);
    const foreign = await list({ linkedTo: `game:${t.otherGame.id}` });
    expect(foreign.filter.linkedTo).toBeUndefined();
    expect(foreign.hits.map((h) => h.userRef)).not.toContain(theirs[0]);
    expect(foreign.pagination!.totalCount).toBe(30);

    // bad values fall back: an unknown status is any status, a bad page is page 1
    expect((await list({ status: "banned", page: "-3" })).pagination).toMatchObject({ page: 1, totalCount: 30 });
    expect((await list({ page: "99" })).hits).toEqual([]);

    // the search, narrowed by the same filters
    const found = await list({ query: mine[0]!, status: "unlinked" });
    expect(found).toMatchObject({ mode: "search", counts: null, pagination: null });
    expect(found.hits.map((h) => h.userRef)).toEqual([mine[0]]);
    expect((await list({ query: mine[0]!, status: "active" })).hits).toEqual([]);
    expect((await list({ query: theirs[0]! })).hits).toEqual([]);

    // live has none of them
    expect((await listPortalPlayers(as(t.viewer), { businessId: t.business.id, environment: "live", filter: {} })).counts).toEqual({
      all: 0,
      active: 0,
      unlinked: 0,
    });
  });

  it("refuses a stranger (404) and nobody signed in (401)", async () => {
    const t = await makePortalTenant();
    await linkPlayers(t.game.id, 2, { tag: "iso" });
    await expect(listPortalPlayers(as(t.stranger), { businessId: t.business.id, environment: "test", filter: {} })).rejects.toMatchObject({
      code: "BUSINESS_NOT_FOUND",
      status: 404,
    });
    await expect(listPortalPlayers(as(null), { businessId: t.business.id, environment: "test", filter: {} })).rejects.toMatchObject({
      code: "ADMIN_SIGN_IN_REQUIRED",
      status: 401,
    });
  });
});
