// The portal's read-only pages (overview, journals, request log, a player) on a real streaming replica
// (lib/portal/load-portal-read.ts): a member who just wrote through a portal action reads its own write even while
// the replica is behind, another member reads on the replica (and sees its older state), and once the replica has
// caught up the writer reads there too. An embedded primary of its own and a replica of it (lib/db/embedded-replica.ts),
// as lib/db/replica.test.ts; DATABASE_URL and DATABASE_REPLICA_URL point at them for the file's duration.
import "@/tests/support/serve-auth";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { INITIAL_FORM_STATE } from "@/components/portal/portal-form";
import { getDb } from "@/lib/db/client";
import { replicaStats, resetReplicaStats } from "@/lib/db/replica";
import { findOrCreatePlayer, linkPlayer } from "@/lib/linking/link-player";
import { formData as form, makePortalTenant, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { inRequest } from "@/tests/support/serve-auth";
import { useReplicaPair } from "@/tests/support/replica-pair";
import { createGameAction } from "./[businessId]/actions";
import JournalsPage from "./[businessId]/ledger/journals/page";
import LogsPage from "./[businessId]/logs/page";
import OverviewPage from "./[businessId]/page";
import PlayerPage from "./[businessId]/players/[playerRef]/page";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

// registered before servePortalAuth's: the auth route's server reads the primary set here
const { onReplica, caughtUp } = useReplicaPair("portal-replica");

const auth = servePortalAuth(authRoute);

/** The Overview's count of test games (its `count-test` figure). */
const testGames = (html: string) => Number(/data-testid="count-test"[^>]*>(\d+)</.exec(html)?.[1]);

describe("the portal's read-only pages on a streaming replica", () => {
  it("a member's own write is never served stale; another member reads on the replica; the writer too once it caught up", async () => {
    const t = await makePortalTenant();
    const { developer, viewer } = await auth.signInMembers({ developer: t.developer, viewer: t.viewer });
    const b = t.business.id;
    const overview = (headers: Record<string, string>) => renderPortalPage(headers, OverviewPage, { businessId: b });
    await caughtUp();
    expect(testGames(await overview(developer))).toBe(1);

    await onReplica("SELECT pg_wal_replay_pause()");
    try {
      const made = await inRequest(developer, () =>
        createGameAction({ businessId: b }, INITIAL_FORM_STATE, form({ name: "Comet", description: "", environment: "test" })),
      );
      expect(made).toMatchObject({ error: null, notice: "Game “Comet” created in test." });
      // the replica really is behind: it does not have the new game
      expect(await onReplica(`SELECT count(*)::int AS n FROM "Game" WHERE name = 'Comet'`)).toEqual([{ n: 0 }]);

      resetReplicaStats();
      const mine = await overview(developer);
      expect(testGames(mine)).toBe(2);
      expect(mine).toContain("Comet");
      expect(replicaStats()).toMatchObject({ heldForWriter: 1, primaryReads: 1, replicaReads: 0 });

      // a member who did not write reads on the replica: its state before the write
      resetReplicaStats();
      const theirs = await overview(viewer);
      expect(testGames(theirs)).toBe(1);
      expect(theirs).not.toContain("Comet");
      expect(replicaStats()).toMatchObject({ replicaReads: 1, primaryReads: 0, heldForWriter: 0 });
    } finally {
      await onReplica("SELECT pg_wal_replay_resume()");
    }

    await caughtUp();
    resetReplicaStats();
    const after = await overview(developer);
    expect(testGames(after)).toBe(2);
    expect(replicaStats()).toMatchObject({ replicaReads: 1, primaryReads: 0, heldForWriter: 0 });
  });

  it("the journals, request log and player pages read on the replica and render (their loaders never write)", async () => {
    const t = await makePortalTenant();
    const { developer } = await auth.signInMembers({ developer: t.developer });
    const player = await findOrCreatePlayer({ db: getDb() }, { email: `replica-${t.business.id}@coinop.test` });
    const { userRef } = await linkPlayer({ db: getDb() }, { namespace: { type: "game", id: t.game.id }, environment: "test", playerId: player.id });
    await caughtUp();
    const headers = developer;
    resetReplicaStats();
    const journals = await renderPortalPage(headers, JournalsPage, { businessId: t.business.id });
    const logs = await renderPortalPage(headers, LogsPage, { businessId: t.business.id });
    const playerPage = await renderPortalPage(headers, PlayerPage, { businessId: t.business.id, playerRef: userRef });
    expect(journals).toMatch(/<h1[^>]*>[^<]*Journals/i);
    expect(logs).toContain("Request log</h1>");
    expect(playerPage).toContain(userRef);
    expect(playerPage).toContain(player.email);
    expect(replicaStats()).toMatchObject({ replicaReads: 3, primaryReads: 0, replicaErrors: 0 });
  });
});
