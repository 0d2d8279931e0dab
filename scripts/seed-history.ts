// `npm run seed -- --history`: about 30 days of believable test-mode activity for the seed's business, so the
// portal's dashboard has something to draw. Everything that moves money or state goes through the services
// the API calls: a currency, products (one grants gems, one costs gems), linked players with approved links,
// wallet top-ups, hosted checkouts paid (and declined) with sandbox cards, wallet and gem payments, credits
// and debits, and a started campaign paying events. Then, day by day, the rows that day made are moved back
// to that day (see `retime`). Two things have no service to go through because they record traffic that
// did not happen here: webhook delivery attempts (written for the history's own deliveries, which are then
// settled so the worker skips them) and request log rows. Amounts come from a small seeded PRNG.
import { randomBytes } from "node:crypto";
import type { CampaignContext, GameContext } from "../lib/core/context.ts";
import { getDb } from "../lib/db/client.ts";
import { newId } from "../lib/db/ids.ts";
import { inTransaction, type DbClient } from "../lib/db/transaction.ts";
import { createCampaign } from "../lib/campaigns/create-campaign.ts";
import { fundCampaign } from "../lib/campaigns/fund-campaign.ts";
import { recordCampaignEvent } from "../lib/campaigns/record-campaign-event.ts";
import { requestCampaignOperation } from "../lib/campaigns/request-campaign-operation.ts";
import { RecordEventBody } from "../lib/campaigns/schemas.ts";
import { createCheckoutGrant } from "../lib/checkout/create-grant.ts";
import { GrantBody } from "../lib/checkout/schemas.ts";
import { createCurrency } from "../lib/currencies/create-currency.ts";
import { CreateCurrencyBody } from "../lib/currencies/schemas.ts";
import { actOutCheckout } from "../lib/flows/act-out-checkout.ts";
import { findOrCreatePlayer, linkPlayer } from "../lib/linking/link-player.ts";
import { createProduct } from "../lib/products/create-product.ts";
import { CreateProductBody } from "../lib/products/schemas.ts";
import { credit } from "../lib/vc/credit.ts";
import { debit } from "../lib/vc/debit.ts";
import { CreditBody, DebitBody } from "../lib/vc/schemas.ts";
import { fundTestWallet } from "../lib/wallet/fund-test-wallet.ts";
import { FundWalletBody } from "../lib/wallet/schemas.ts";
import { setWebhookEndpoint } from "../lib/webhooks/set-webhook-endpoint.ts";

const DAY_MS = 86_400_000;
const PLAYERS = 6;
const SKIN_PRICE = 300;
const BUNDLE_GEMS = 500;

export type HistoryTotals = {
  /** completed purchases, every method */
  purchases: number;
  /** card revenue, US cents */
  usdCents: number;
  /** wallet revenue, USDC micro-units */
  usdcMicros: number;
  gemsIssued: number;
  gemsSpent: number;
  payoutMicros: number;
  webhookAttempts: number;
  webhookSucceeded: number;
  requests: number;
  requestErrors: number;
};

/** mulberry32: a small seeded PRNG (the history's shape; exact figures also depend on the day it runs). */
const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** A UTC timestamp as PostgreSQL's timestamp (without time zone) text, how the columns store it. */
const pgTime = (d: Date) => d.toISOString().replace("T", " ").replace("Z", "");

/**
 * Moves every row of the history made since `marker` (this day's) to `dayStart` + a random moment within
 * `spanSeconds`: purchases (completion 15 s after creation), their and the other ledger journals of the game
 * and the business with their postings (a purchase's journals at its completion), campaign payouts, webhook
 * events and their deliveries. Journals and postings are append-only (a trigger), so this one backfill runs
 * with triggers off for its own statements (`session_replication_role = replica`, PostgreSQL superuser, as
 * the embedded and test databases are); it touches only rows the history made.
 */
const retime = async (
  tx: DbClient,
  {
    marker,
    dayStart,
    spanSeconds,
    gameId,
    businessId,
    campaignId,
  }: { marker: string; dayStart: Date; spanSeconds: number; gameId: string; businessId: string; campaignId: string },
) => {
  const start = pgTime(dayStart);
  const at = `'${start}'::timestamp + random() * ${Math.max(0, Math.floor(spanSeconds))} * interval '1 second'`;
  await tx.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`);
  await tx.$executeRawUnsafe(
    `UPDATE "Purchase" SET "createdAt" = t.at, "updatedAt" = t.at + interval '15 seconds',
       "completedAt" = CASE WHEN "completedAt" IS NULL THEN NULL ELSE t.at + interval '15 seconds' END
     FROM (SELECT id, ${at} AS at FROM "Purchase" WHERE "gameId" = $1 AND "createdAt" >= $2::timestamp) t
     WHERE "Purchase".id = t.id`,
    gameId,
    marker,
  );
  await tx.$executeRawUnsafe(
    `UPDATE "LedgerJournal" j SET "createdAt" = COALESCE((SELECT COALESCE(p."completedAt", p."updatedAt") FROM "Purchase" p WHERE p.id = j.reference), ${at})
     WHERE j."tenantId" IN ($1, $2) AND j."createdAt" >= $3::timestamp`,
    gameId,
    businessId,
    marker,
  );
  await tx.$executeRawUnsafe(
    `UPDATE "LedgerPosting" p SET "createdAt" = j."createdAt" FROM "LedgerJournal" j
     WHERE p."journalId" = j.id AND j."tenantId" IN ($1, $2) AND p."createdAt" >= $3::timestamp`,
    gameId,
    businessId,
    marker,
  );
  await tx.$executeRawUnsafe(
    `UPDATE "CampaignTransaction" t SET "createdAt" = j."createdAt" FROM "LedgerJournal" j
     WHERE t."journalId" = j.id AND t."campaignId" = $1 AND t."createdAt" >= $2::timestamp`,
    campaignId,
    marker,
  );
  await tx.$executeRawUnsafe(
    `UPDATE "WebhookEvent" e SET "createdAt" = COALESCE((SELECT p."completedAt" FROM "Purchase" p WHERE p.id = e."objectId"), ${at})
     WHERE e."ownerId" IN ($1, $2) AND e."createdAt" >= $3::timestamp`,
    gameId,
    campaignId,
    marker,
  );
  await tx.$executeRawUnsafe(
    `UPDATE "WebhookDelivery" d SET "createdAt" = e."createdAt", "nextAttemptAt" = e."createdAt" FROM "WebhookEvent" e
     WHERE d."eventId" = e.id AND e."ownerId" IN ($1, $2) AND d."createdAt" >= $3::timestamp`,
    gameId,
    campaignId,
    marker,
  );
  await tx.$executeRawUnsafe(`SET LOCAL session_replication_role = origin`);
};

/**
 * The history's own webhook deliveries of the day (made since `marker`, now moved to their day) get their
 * attempts: most answered 200 at once, some 500 or a timeout first and 200 a few minutes later, one in a
 * while failing for good. Each delivery is settled (succeeded or failed), so the worker's job skips it.
 */
const settleDeliveries = async (tx: DbClient, rand: () => number, { eventIds }: { eventIds: string[] }) => {
  const deliveries = await tx.webhookDelivery.findMany({
    where: { eventId: { in: eventIds }, status: "pending" },
    include: { event: { select: { createdAt: true } } },
  });
  const attempts: { id: string; deliveryId: string; attempt: number; statusCode: number | null; latencyMs: number; error: string | null; createdAt: Date }[] =
    [];
  let ok = 0;
  for (const d of deliveries) {
    const t0 = d.event.createdAt.getTime() + 1500;
    const r = rand();
    const plan: (number | null)[] = r < 0.86 ? [200] : r < 0.94 ? [500, 200] : r < 0.98 ? [null, 200] : [503, 503, 503];
    plan.forEach((statusCode, i) =>
      attempts.push({
        id: newId(),
        deliveryId: d.id,
        attempt: i + 1,
        statusCode,
        latencyMs: statusCode === null ? 10_000 : Math.round(40 + rand() * 260),
        error: statusCode === null ? "timeout after 10000 ms" : null,
        createdAt: new Date(t0 + i * 5 * 60_000),
      }),
    );
    const succeeded = plan[plan.length - 1] === 200;
    ok += plan.filter((s) => s === 200).length;
    await tx.webhookDelivery.update({
      where: { id: d.id },
      data: {
        status: succeeded ? "succeeded" : "failed",
        attempts: plan.length,
        nextAttemptAt: null,
        deliveredAt: succeeded ? new Date(t0 + (plan.length - 1) * 5 * 60_000) : null,
      },
    });
  }
  if (attempts.length) await tx.webhookAttempt.createMany({ data: attempts });
  return { attempts: attempts.length, succeeded: ok };
};

const API_CALLS = [
  ["GET", "/v1/game", 200],
  ["GET", "/v1/products", 200],
  ["GET", "/v1/vc/balance", 200],
  ["POST", "/v1/checkout/grants", 201],
  ["POST", "/v1/vc/credits", 201],
] as const;
const API_ERRORS = [
  ["GET", "/v1/vc/balance", 404, "USER_REF_NOT_FOUND"],
  ["POST", "/v1/vc/debits", 422, "INSUFFICIENT_FUNDS"],
  ["POST", "/v1/vc/credits", 400, "VALIDATION_ERROR"],
  ["GET", "/v1/game", 401, "UNAUTHORIZED"],
  ["POST", "/v1/checkout/grants", 409, "IDEMPOTENCY_KEY_REUSED"],
] as const;

/** The day's /v1 traffic as the request log would have recorded it: mostly 2xx, a few refusals. */
const logRequests = async (
  tx: DbClient,
  rand: () => number,
  { businessId, gameId, dayStart, spanSeconds, calls }: { businessId: string; gameId: string; dayStart: Date; spanSeconds: number; calls: number },
) => {
  const errors = Math.floor(rand() * 3) + (rand() < 0.15 ? 2 : 0);
  const rows = Array.from({ length: calls + errors }, (_, i) => {
    const err = i >= calls ? API_ERRORS[Math.floor(rand() * API_ERRORS.length)] : null;
    const ok = API_CALLS[Math.floor(rand() * API_CALLS.length)];
    return {
      id: newId(),
      requestId: `req_${randomBytes(12).toString("hex")}`,
      businessId,
      gameId,
      environment: "test" as const,
      method: err ? err[0] : ok[0],
      path: err ? err[1] : ok[1],
      status: err ? err[2] : ok[2],
      errorCode: err ? err[3] : null,
      latencyMs: Math.round(15 + rand() * 120),
      createdAt: new Date(dayStart.getTime() + rand() * spanSeconds * 1000),
    };
  });
  await tx.requestLog.createMany({ data: rows });
  return { requests: rows.length, errors };
};

/**
 * Backfills `days` days (today included) of activity for the seed's business and game. Each day is one
 * transaction. Returns what it made, as the dashboard will count it.
 */
export const seedHistory = async ({
  businessId,
  gameId,
  days = 30,
  seed = 14,
  now = new Date(),
}: {
  businessId: string;
  gameId: string;
  days?: number;
  seed?: number;
  now?: Date;
}): Promise<HistoryTotals> => {
  const db = getDb();
  const rand = prng(seed);
  const tag = randomBytes(3).toString("hex");
  const [{ marker }] = await db.$queryRaw<{ marker: string }[]>`SELECT date_trunc('milliseconds', now() AT TIME ZONE 'UTC')::text AS marker`;
  const game = await db.game.findUniqueOrThrow({ where: { id: gameId }, select: { webhookUrl: true } });
  // the script acts as the system, for the game and its campaign
  const actor = { kind: "system", name: "seed-history" } as const;
  const gctx = (tx: DbClient): GameContext => ({
    db: tx,
    actor,
    scope: { kind: "game", environment: "test", businessId, gameId },
    requestId: `seed-history-${tag}`,
  });

  // the store, the players and the campaign, made once (they land on the first day)
  const setup = await inTransaction(db, async (tx) => {
    const ctx = gctx(tx);
    const gem = (await createCurrency(ctx, CreateCurrencyBody.parse({ code: "GEM", name: "Gems" }))).currency;
    const product = async (body: unknown) => (await createProduct(ctx, { body: CreateProductBody.parse(body) }))._id;
    const starter = await product({ name: "Starter pack", type: "consumable", price: 499, description: "A head start." });
    const bundle = await product({
      name: "Gem bundle",
      type: "consumable",
      price: 999,
      fulfillmentType: "GRANT_VIRTUAL_CURRENCY",
      virtualCurrencyGrant: { currencyId: gem._id, amountUnits: String(BUNDLE_GEMS) },
    });
    const skin = await product({ name: "Golden skin", type: "consumable", virtualCurrencyPrices: [{ currencyId: gem._id, amount: SKIN_PRICE }] });
    const campaign = await createCampaign(ctx, {
      businessId,
      gameId,
      environment: "test",
      name: `History Campaign ${tag}`,
      events: [
        { code: "level_complete", name: "Level complete", payoutMicros: 5_000_000n },
        { code: "daily_login", name: "Daily login", payoutMicros: 1_000_000n },
      ],
    });
    await fundCampaign(ctx, { campaignId: campaign.id, businessId, environment: "test", amountMicros: 2_000_000_000n });
    if (game.webhookUrl) await setWebhookEndpoint(ctx, { owner: { type: "campaign", id: campaign.id }, url: game.webhookUrl });
    const cctx: CampaignContext = { ...ctx, scope: { kind: "campaign", environment: "test", businessId, campaignId: campaign.id } };
    await requestCampaignOperation(cctx, { action: "start" });
    const players = [];
    for (let i = 0; i < PLAYERS; i++) {
      const player = await findOrCreatePlayer(ctx, { email: `history-${tag}-${i + 1}@coinop.test`, name: `Player ${i + 1}` });
      const link = await linkPlayer(ctx, {
        namespace: { type: "game", id: gameId },
        environment: "test",
        playerId: player.id,
        approval: { sessionId: null, at: new Date() },
      });
      const campaignLink = await linkPlayer(ctx, { namespace: { type: "campaign", id: campaign.id }, environment: "test", playerId: player.id });
      await fundTestWallet(ctx, FundWalletBody.parse({ userRef: link.userRef, amountUsdc: "100.00" }));
      players.push({ userRef: link.userRef, campaignUserRef: campaignLink.userRef, gems: 0 });
    }
    return { gem, starter, bundle, skin, campaignId: campaign.id, players };
  });

  const totals: HistoryTotals = {
    purchases: 0,
    usdCents: 0,
    usdcMicros: 0,
    gemsIssued: 0,
    gemsSpent: 0,
    payoutMicros: 0,
    webhookAttempts: 0,
    webhookSucceeded: 0,
    requests: 0,
    requestErrors: 0,
  };
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  let order = 0;
  for (let k = days - 1; k >= 0; k--) {
    const dayStart = new Date(today - k * DAY_MS + (k === 0 ? 0 : 7 * 3_600_000));
    // past days: 07:00–23:00 UTC; today: from midnight until a minute ago
    const spanSeconds = k === 0 ? Math.max(0, (now.getTime() - today) / 1000 - 60) : 16 * 3600;
    const weekday = new Date(dayStart).getUTCDay();
    const busy = (weekday === 0 || weekday === 6 ? 1.4 : 1) * (0.7 + (0.6 * (days - 1 - k)) / Math.max(1, days - 1));
    await inTransaction(db, async (tx) => {
      const ctx = gctx(tx);
      let calls = 0;
      const pay = async (itemId: string, method: "card" | "wallet" | "vc", outcome: "succeeded" | "declined" = "succeeded") => {
        const player = pick(setup.players);
        const { checkoutUrl } = await createCheckoutGrant(ctx, GrantBody.parse({ itemId, userRef: player.userRef }));
        const paid = await actOutCheckout(ctx, { url: checkoutUrl, outcome, method });
        calls += 2;
        if (paid.purchase?.status !== "completed") return null;
        totals.purchases++;
        return player;
      };
      const cards = Math.round((2 + rand() * 4) * busy);
      for (let i = 0; i < cards; i++) {
        if (rand() < 0.3) {
          const p = await pay(setup.bundle, "card");
          if (p) {
            p.gems += BUNDLE_GEMS;
            totals.usdCents += 999;
            totals.gemsIssued += BUNDLE_GEMS;
          }
        } else if (await pay(setup.starter, "card")) totals.usdCents += 499;
      }
      if (rand() < 0.3) await pay(setup.starter, "card", "declined");
      if (rand() < 0.5 * busy && (await pay(setup.starter, "wallet"))) totals.usdcMicros += 4_990_000;
      const credits = 1 + Math.floor(rand() * 3);
      for (let i = 0; i < credits; i++) {
        const player = pick(setup.players);
        const units = 50 + Math.floor(rand() * 20) * 10;
        await credit(ctx, CreditBody.parse({ currencyId: setup.gem._id, userRef: player.userRef, amountUnits: String(units), orderId: `order-${++order}` }));
        player.gems += units;
        totals.gemsIssued += units;
        calls++;
      }
      const rich = setup.players.filter((p) => p.gems >= SKIN_PRICE);
      if (rich.length && rand() < 0.6) {
        const player = pick(rich);
        const { checkoutUrl } = await createCheckoutGrant(ctx, GrantBody.parse({ itemId: setup.skin, userRef: player.userRef }));
        const paid = await actOutCheckout(ctx, { url: checkoutUrl, outcome: "succeeded", method: "vc" });
        calls += 2;
        if (paid.purchase?.status === "completed") {
          player.gems -= SKIN_PRICE;
          totals.gemsSpent += SKIN_PRICE;
          totals.purchases++;
        }
      }
      const spender = pick(setup.players);
      const spend = Math.min(spender.gems, 20 + Math.floor(rand() * 7) * 10);
      if (spend > 0) {
        await debit(ctx, DebitBody.parse({ currencyId: setup.gem._id, userRef: spender.userRef, amountUnits: String(spend), reason: "Shop upgrade" }));
        spender.gems -= spend;
        totals.gemsSpent += spend;
        calls++;
      }
      const cctx: CampaignContext = { ...ctx, scope: { kind: "campaign", environment: "test", businessId, campaignId: setup.campaignId } };
      const events = Math.round((1 + rand() * 4) * busy);
      for (let i = 0; i < events; i++) {
        const eventCode = rand() < 0.4 ? "level_complete" : "daily_login";
        const paid = await recordCampaignEvent(cctx, RecordEventBody.parse({ eventCode, userRef: pick(setup.players).campaignUserRef }));
        totals.payoutMicros += Number(paid.payoutMicros);
        calls++;
      }
      const newEvents = await tx.webhookEvent.findMany({
        where: { ownerId: { in: [gameId, setup.campaignId] }, createdAt: { gte: new Date(`${marker.replace(" ", "T")}Z`) } },
        select: { id: true },
      });
      await retime(tx, { marker, dayStart, spanSeconds, gameId, businessId, campaignId: setup.campaignId });
      const hooks = await settleDeliveries(tx, rand, { eventIds: newEvents.map((e) => e.id) });
      totals.webhookAttempts += hooks.attempts;
      totals.webhookSucceeded += hooks.succeeded;
      const logged = await logRequests(tx, rand, { businessId, gameId, dayStart, spanSeconds, calls: calls + Math.floor(rand() * 12) });
      totals.requests += logged.requests;
      totals.requestErrors += logged.errors;
    });
  }
  return totals;
};
