// The Overview's "first hour" checklist: the five steps from a new business to applying to go live, each
// ticked from the business's own data (never a stored flag): a test game, a server key of it, a successful
// call in the request log, a webhook endpoint that received a test event, and an activation application.
// Only the business's own rows are read (every query is scoped to its test games or its id).
import { appBaseUrl } from "../config/settings.ts";
import type { VerificationStatus } from "../businesses/verification-statuses.ts";
import { verificationStatusOf } from "../businesses/verification-statuses.ts";
import { TEST_EVENT } from "../webhooks/send-test-event.ts";
import { requirePortalAccess, type PortalContext } from "./require-portal-access.ts";

/** The environment variable the first-call curl reads the key from: the raw key is never stored, so never printed. */
export const SERVER_KEY_VARIABLE = "COINOP_SERVER_KEY";

/** The test delivery's state, when one was sent: a 2xx answer ticks the step. */
export type TestDeliveryState = "none" | "pending" | "succeeded" | "failed";

export type PortalChecklist = {
  /** the oldest test game: the one the key, curl and webhook steps point at (null: none yet) */
  game: { id: string; name: string } | null;
  steps: {
    game: { done: boolean; count: number };
    key: { done: boolean; count: number };
    call: { done: boolean; lastAt: Date | null };
    webhook: { done: boolean; endpoints: number; test: TestDeliveryState };
    live: { done: boolean; status: VerificationStatus };
  };
  /** how many of the five steps are done */
  doneCount: number;
  complete: boolean;
  /** the first call, copyable: the instance's URL, the game's id and the key as a shell variable */
  curl: string | null;
};

/** The first call of a game server: GET /api/v1/game with the key from $COINOP_SERVER_KEY and the X-Game-Id header. */
export const firstCallCurl = ({ baseUrl, gameId }: { baseUrl: string; gameId: string }): string =>
  `curl ${baseUrl}/api/v1/game \\\n  -H "Authorization: Bearer $${SERVER_KEY_VARIABLE}" \\\n  -H "X-Game-Id: ${gameId}"`;

const testStateOf = (statuses: string[]): TestDeliveryState => {
  if (statuses.length === 0) return "none";
  if (statuses.includes("succeeded")) return "succeeded";
  return statuses.some((s) => s === "pending" || s === "retrying") ? "pending" : "failed";
};

/** The checklist of `businessId` (any member: overview:read). */
export const loadPortalChecklist = async (ctx: PortalContext, { businessId }: { businessId: string }): Promise<PortalChecklist> => {
  await requirePortalAccess(ctx, { businessId, permission: "overview:read" });
  const [business, games] = await Promise.all([
    ctx.db.business.findUniqueOrThrow({ where: { id: businessId }, select: { kybStatus: true } }),
    ctx.db.game.findMany({
      where: { businessId, environment: "test" },
      select: { id: true, name: true, webhookUrl: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
  ]);
  const gameIds = games.map((g) => g.id);
  const [keys, call, endpoints, tests] = await Promise.all([
    ctx.db.apiKey.count({ where: { kind: "server", environment: "test", gameId: { in: gameIds } } }),
    ctx.db.requestLog.findFirst({
      where: { businessId, environment: "test", status: { gte: 200, lt: 300 } },
      select: { createdAt: true },
      orderBy: { createdAt: "desc" },
    }),
    ctx.db.webhookEndpoint.count({ where: { ownerType: "game", ownerId: { in: gameIds }, deletedAt: null, url: { not: null } } }),
    ctx.db.webhookDelivery.findMany({
      where: { event: { ownerType: "game", ownerId: { in: gameIds }, environment: "test", event: TEST_EVENT } },
      select: { status: true },
      take: 50,
      orderBy: { createdAt: "desc" },
    }),
  ]);
  // a game's own webhookUrl is its primary endpoint (lib/webhooks/resolve-endpoint.ts)
  const endpointCount = endpoints + games.filter((g) => g.webhookUrl).length;
  const test = testStateOf(tests.map((t) => t.status));
  const status = verificationStatusOf(business.kybStatus);
  const steps: PortalChecklist["steps"] = {
    game: { done: games.length > 0, count: games.length },
    key: { done: keys > 0, count: keys },
    call: { done: call !== null, lastAt: call?.createdAt ?? null },
    webhook: { done: endpointCount > 0 && test === "succeeded", endpoints: endpointCount, test },
    live: { done: status !== "not_started", status },
  };
  const doneCount = Object.values(steps).filter((s) => s.done).length;
  const game = games[0] ? { id: games[0].id, name: games[0].name } : null;
  return {
    game,
    steps,
    doneCount,
    complete: doneCount === Object.keys(steps).length,
    curl: game ? firstCallCurl({ baseUrl: appBaseUrl(), gameId: game.id }) : null,
  };
};
