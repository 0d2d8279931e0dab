// The portal's Overview on a real streaming replica for a business that has a virtual currency: its loader stores
// closed hours and past days of VC figures the first time they are viewed (lib/portal/read-vc-daily-figures.ts), and
// the page reads on the replica (reads: "replica"). The first version stored them there too, and the INSERT failed
// ("cannot execute INSERT in a read-only transaction", 25006): a 500 for every member who had not just written
// (found by npm run bench:replica). On a standby the loader now stores nothing and sums the rest from the journals.
// Same set-up as portal-replica.test.ts.
import "@/tests/support/serve-auth";
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import * as authRoute from "@/app/api/auth/[...nextauth]/route";
import { getDb } from "@/lib/db/client";
import { replicaStats, resetReplicaStats } from "@/lib/db/replica";
import { makePortalTenant, renderPortalPage, servePortalAuth } from "@/tests/support/portal";
import { useReplicaPair } from "@/tests/support/replica-pair";
import OverviewPage from "./[businessId]/page";

vi.mock("next/headers", async () => (await import("@/tests/support/serve-auth")).nextHeaders);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", async (original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh: () => {}, push: () => {}, replace: () => {}, back: () => {}, forward: () => {}, prefetch: () => {} }),
}));

// registered before servePortalAuth's: the auth route's server reads the primary set here
const { onReplica, caughtUp } = useReplicaPair("portal-replica-overview");

const auth = servePortalAuth(authRoute);

/** The Overview's count of test games (its `count-test` figure). */
const testGames = (html: string) => Number(/data-testid="count-test"[^>]*>(\d+)</.exec(html)?.[1]);

describe("the portal's Overview on a streaming replica, for a business with a currency", () => {
  it("renders on the replica the first time its past days are viewed (no write on the replica)", async () => {
    const t = await makePortalTenant();
    const { viewer } = await auth.signInMembers({ viewer: t.viewer });
    await getDb().virtualCurrency.create({ data: { id: `vc_${randomUUID()}`, gameId: t.game.id, environment: "test", code: "GEMS", name: "Gems" } });
    await caughtUp();
    // no figure stored yet for this game's days
    expect(await onReplica(`SELECT count(*)::int AS n FROM "PortalDailyFigure" WHERE "tenantId" = '${t.game.id}'`)).toEqual([{ n: 0 }]);

    resetReplicaStats();
    const html = await renderPortalPage(viewer, OverviewPage, { businessId: t.business.id });
    expect(testGames(html)).toBe(1);
    expect(replicaStats()).toMatchObject({ replicaReads: 1, primaryReads: 0, replicaErrors: 0 });
  });
});
