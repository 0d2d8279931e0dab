// The job half of the worker-kill scenario (scripts/faults/run.ts): campaign operations (start, stop,
// withdraw), subscription renewals and grant expiry running, or waiting, when the worker is SIGKILLed.
// A job is made to be mid-run at the kill by holding, in a transaction of the runner's own, a row the job
// locks (the campaign's ledger account for a withdrawal, one due subscription, one expired grant): the
// worker has taken the job and its transaction waits on that row when the process dies. The row is
// released after the kill; the new worker reruns the job (lib/jobs/worker-liveness.ts). Then: every
// operation completed once (one journal per withdrawal, one webhook event per operation, the campaign
// balance = funded − withdrawn), every subscription renewed once, every grant expired, no job left.
import pg from "pg";

const ENV = "test" as const;
/** what each campaign gets before each round (USDC micro-units) */
const ROUND_FUNDING_MICROS = 10_000_000n;
const COMPLETE_TASK = "campaigns:complete-operation";
const RENEW_TASK = "subscriptions:renew";
const EXPIRE_TASK = "checkout:expire-grants";
export const JOB_TASKS = [COMPLETE_TASK, RENEW_TASK, EXPIRE_TASK];

type Requester = (method: string, path: string, headers: Record<string, string>) => Promise<{ status: number; body: unknown }>;
type Campaign = { id: string; businessId: string; headers: Record<string, string>; fundedMicros: bigint };
type Requested = { operationId: string; campaignId: string; kind: "start" | "stop" | "withdraw" };

export type JobFixtures = {
  campaigns: Campaign[];
  subscriptions: { id: string; periodEnd: Date }[];
  grantIds: string[];
  requested: Requested[];
  refused: Map<string, number>;
  /** jobs seen running (locked by the worker) at the moment of a kill, by task */
  runningAtKill: Map<string, number>;
  /** subscriptions already renewed when the worker died in the renewal job */
  renewedBeforeKill: number;
  held: (() => Promise<void>)[];
  /** the withdrawals held mid-run at a kill, with when their row was let go (after the kill) */
  heldWithdrawals: { operationId: string; releasedAt?: Date; runningAtKill?: boolean }[];
  /** when the row the renewal job waited on was let go */
  renewalReleasedAt?: Date;
  /** when the current round began: jobs locked since were taken by the live worker */
  roundAt: Date;
};

/** A row locked FOR UPDATE in a transaction of the runner's own, until release(). */
const holdRow = async (url: string, sql: string, params: unknown[]): Promise<() => Promise<void>> => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query("BEGIN");
  await c.query(sql, params);
  return async () => {
    await c.query("ROLLBACK").catch(() => undefined);
    await c.end().catch(() => undefined);
  };
};

/** Jobs of `task` the worker took since `since` (older locks are a killed worker's, not yet reaped). */
const lockedJobs = async (task: string, since: Date): Promise<number> => {
  const { getDb } = await import("../../lib/db/client.ts");
  const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = ${task} AND j.locked_by IS NOT NULL AND j.locked_at >= ${since}`;
  return n;
};

/** Waits (up to 3 s) until a job of `task` is taken by the worker. */
const waitRunning = async (task: string, since: Date): Promise<boolean> => {
  for (let i = 0; i < 30; i++) {
    if ((await lockedJobs(task, since)) > 0) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};

/** Campaigns with a key and a webhook endpoint; due card subscriptions; expired pending grants. */
export const seedJobFixtures = async ({
  gameId,
  users,
  receiverUrl,
  campaigns: nCampaigns = 4,
  grants: nGrants = 20,
}: {
  gameId: string;
  users: string[];
  receiverUrl: string;
  campaigns?: number;
  grants?: number;
}): Promise<JobFixtures> => {
  const { getDb } = await import("../../lib/db/client.ts");
  const { newId } = await import("../../lib/db/ids.ts");
  const { createBusiness } = await import("../../lib/tenants/create-business.ts");
  const { createCampaign } = await import("../../lib/campaigns/create-campaign.ts");
  const { issueApiKey } = await import("../../lib/tenants/issue-api-key.ts");
  const { setWebhookEndpoint } = await import("../../lib/webhooks/set-webhook-endpoint.ts");
  const { createPurchase } = await import("../../lib/purchases/create-purchase.ts");
  const { completePurchase } = await import("../../lib/purchases/complete-purchase.ts");
  const db = getDb();
  const campaigns: Campaign[] = [];
  for (let i = 0; i < nCampaigns; i++) {
    const business = await createBusiness({ db }, { name: `Faults business ${i}`, environment: ENV });
    const campaign = await createCampaign(
      { db },
      {
        businessId: business.id,
        environment: ENV,
        name: `Faults campaign ${i}`,
        events: [{ code: "level_complete", name: "Level complete", payoutMicros: 1_000_000n }],
      },
    );
    const { rawKey } = await issueApiKey({ db }, { kind: "campaign", environment: ENV, campaignId: campaign.id });
    await setWebhookEndpoint({ db }, { owner: { type: "campaign", id: campaign.id }, url: receiverUrl });
    campaigns.push({
      id: campaign.id,
      businessId: business.id,
      headers: { authorization: `Bearer ${rawKey}`, "x-campaign-id": campaign.id },
      fundedMicros: 0n,
    });
  }
  // one test-card subscription per player, then made due (staggered, so the renewal job takes them in order)
  const product = await db.product.create({
    data: { id: newId(), gameId, environment: ENV, type: "subscription", name: "Faults pass", priceCents: 500, fulfillmentType: "WEBHOOK" },
  });
  const subscriptions: JobFixtures["subscriptions"] = [];
  for (const [i, userRef] of users.entries()) {
    const p = await createPurchase({ db }, { gameId, environment: ENV, productId: product.id, userRef, method: "card", currencyId: null });
    const done = await completePurchase({ db }, { purchaseId: p.id, paymentProvider: "sandbox" });
    const periodEnd = new Date(Date.now() - 60_000 * (users.length - i));
    await db.subscription.update({ where: { id: done.subscriptionId! }, data: { currentPeriodEnd: periodEnd } });
    subscriptions.push({ id: done.subscriptionId!, periodEnd });
  }
  const grantIds = Array.from({ length: nGrants }, () => newId());
  await db.checkoutGrant.createMany({
    data: grantIds.map((id, i) => ({
      id,
      gameId,
      environment: ENV,
      productId: product.id,
      userRef: users[i % users.length],
      playerId: `faults-${i}`,
      expiresAt: new Date(Date.now() - 60_000),
    })),
  });
  return {
    campaigns,
    subscriptions,
    grantIds,
    requested: [],
    refused: new Map(),
    runningAtKill: new Map(),
    renewedBeforeKill: 0,
    held: [],
    heldWithdrawals: [],
    roundAt: new Date(),
  };
};

/**
 * One round before a kill: each campaign is started, stopped, funded and withdrawn through the API
 * (202 each; a start while an earlier withdrawal is still pending is refused 409 and counted). The
 * withdrawal of one campaign (the next from `round % n` with none pending) is held mid-run (its ledger
 * account locked). In round 0 a renewal job and a grant-expiry job are queued too, each held mid-run on
 * one row. The jobs go ahead of the delivery backlog; returns once the held ones run.
 */
export const prepareRound = async (f: JobFixtures, round: number, { url, send }: { url: string; send: Requester }): Promise<void> => {
  const { getDb } = await import("../../lib/db/client.ts");
  const { fundCampaign } = await import("../../lib/campaigns/fund-campaign.ts");
  const { enqueueJob } = await import("../../lib/jobs/enqueue.ts");
  const { USDC_ASSET } = await import("../../lib/ledger/accounts.ts");
  // the database's clock, as graphile-worker's locked_at is
  const [{ now }] = await getDb().$queryRaw<{ now: Date }[]>`SELECT now() AS now`;
  f.roundAt = now;
  // the campaign whose withdrawal is held: one with no withdrawal still pending (its start would be refused)
  const pending = new Set(
    (await getDb().campaignOperation.findMany({ where: { kind: "withdraw", status: "pending" }, select: { campaignId: true } })).map((o) => o.campaignId),
  );
  const order = f.campaigns.map((_, i) => f.campaigns[(round + i) % f.campaigns.length]);
  const blocked = order.find((c) => !pending.has(c.id)) ?? order[0];
  const ask = async (c: Campaign, kind: Requested["kind"]): Promise<string | null> => {
    const r = await send(kind === "withdraw" ? "POST" : "PUT", `/api/v1/campaign/${c.id}/${kind}`, c.headers);
    const body = r.body as { operationId?: string; code?: string } | undefined;
    if (r.status === 202 && body?.operationId) {
      f.requested.push({ operationId: body.operationId, campaignId: c.id, kind });
      return body.operationId;
    }
    const why = `${kind} ${r.status}${body?.code ? ` ${body.code}` : ""}`;
    f.refused.set(why, (f.refused.get(why) ?? 0) + 1);
    return null;
  };
  await Promise.all(
    f.campaigns.map(async (c) => {
      // funded once stopped: a start accepted means no earlier withdrawal is pending that could sweep the funds
      if (!(await ask(c, "start")) || !(await ask(c, "stop"))) return;
      await fundCampaign({ db: getDb() }, { campaignId: c.id, businessId: c.businessId, environment: ENV, amountMicros: ROUND_FUNDING_MICROS });
      c.fundedMicros += ROUND_FUNDING_MICROS;
      if (c === blocked)
        f.held.push(
          await holdRow(
            url,
            `SELECT 1 FROM "LedgerAccount" WHERE "asset" = $1 AND "environment" = 'test' AND "kind" = 'campaign' AND "ownerRef" = $2 FOR UPDATE`,
            [USDC_ASSET, c.id],
          ),
        );
      const id = await ask(c, "withdraw");
      if (id && c === blocked) f.heldWithdrawals.push({ operationId: id });
    }),
  );
  if (round === 0) {
    // the renewal job renews the earlier subscriptions and waits on the last; the sweep waits on one grant
    const last = f.subscriptions.at(-1)!;
    f.held.push(await holdRow(url, `SELECT 1 FROM "Subscription" WHERE id = $1 FOR UPDATE`, [last.id]));
    f.held.push(await holdRow(url, `SELECT 1 FROM "CheckoutGrant" WHERE id = $1 FOR UPDATE`, [f.grantIds[0]]));
    await enqueueJob(getDb(), RENEW_TASK, {});
    await enqueueJob(getDb(), EXPIRE_TASK, {});
    await getDb().$executeRaw`
      UPDATE graphile_worker._private_jobs j SET priority = -1 FROM graphile_worker._private_tasks t
      WHERE t.id = j.task_id AND t.identifier = ANY(${[RENEW_TASK, EXPIRE_TASK]}::text[]) AND j.locked_by IS NULL`;
    await waitRunning(RENEW_TASK, f.roundAt);
    await waitRunning(EXPIRE_TASK, f.roundAt);
  }
  // ahead of the delivery backlog the ticks build up (graphile-worker runs lower priority numbers first),
  // so the jobs are running when the kill comes rather than still queued behind hundreds of deliveries
  await getDb().$executeRaw`
    UPDATE graphile_worker._private_jobs j SET priority = -1 FROM graphile_worker._private_tasks t
    WHERE t.id = j.task_id AND t.identifier = ANY(${JOB_TASKS}::text[]) AND j.locked_by IS NULL`;
  await waitRunning(COMPLETE_TASK, f.roundAt);
  // the held withdrawal itself: taken by the worker (and waiting on its row) when the kill comes?
  const held = f.heldWithdrawals.at(-1);
  if (held && held.runningAtKill === undefined)
    for (let i = 0; i < 30 && !held.runningAtKill; i++) {
      const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'operationId' = ${held.operationId} AND locked_by IS NOT NULL`;
      held.runningAtKill = n > 0;
      if (!held.runningAtKill) await new Promise((r) => setTimeout(r, 100));
    }
  for (const task of JOB_TASKS) f.runningAtKill.set(task, (f.runningAtKill.get(task) ?? 0) + (await lockedJobs(task, f.roundAt)));
  if (round === 0) {
    const renewed = await getDb().purchase.count({ where: { subscriptionId: { in: f.subscriptions.map((s) => s.id) }, renewalPeriodEnd: { not: null } } });
    f.renewedBeforeKill = renewed;
  }
};

/** After the kill (and the new worker's start): lets the held jobs' rows go. */
export const releaseHeld = async (f: JobFixtures): Promise<void> => {
  const releasedAt = new Date();
  await Promise.all(f.held.splice(0).map((release) => release()));
  for (const w of f.heldWithdrawals) w.releasedAt ??= releasedAt;
  f.renewalReleasedAt ??= releasedAt;
};

/** Jobs of these tasks still queued (not yet completed), and any job out of attempts. */
export const jobsLeft = async (): Promise<{ queued: number; failed: number }> => {
  const { getDb } = await import("../../lib/db/client.ts");
  const [{ queued, failed }] = await getDb().$queryRaw<{ queued: number; failed: number }[]>`
    SELECT count(*) FILTER (WHERE t.identifier = ANY(${JOB_TASKS}::text[]))::int AS queued,
           count(*) FILTER (WHERE j.attempts >= j.max_attempts)::int AS failed
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id`;
  return { queued, failed };
};

const EVENT_OF = { start: "Campaign.Started", stop: "Campaign.Stopped", withdraw: "Campaign.Withdrawn" } as const;

/** The checks after the restart; `problems` empty when every job completed once. */
export const checkJobs = async (f: JobFixtures): Promise<{ problems: string[]; line: string }> => {
  const { getDb } = await import("../../lib/db/client.ts");
  const { auditHolds, checkLedgerInvariants } = await import("../../lib/ledger/check-ledger-invariants.ts");
  const { USDC_ASSET } = await import("../../lib/ledger/accounts.ts");
  const { addMonth } = await import("../../lib/subscriptions/plan.ts");
  const db = getDb();
  const problems: string[] = [];
  const ids = f.campaigns.map((c) => c.id);

  // campaign operations: each requested one completed, once
  const ops = await db.campaignOperation.findMany({ where: { campaignId: { in: ids } } });
  const byId = new Map(ops.map((o) => [o.id, o]));
  const notDone = f.requested.filter((r) => byId.get(r.operationId)?.status !== "completed");
  if (notDone.length) problems.push(`${notDone.length} campaign operations not completed (e.g. ${notDone[0].kind} ${notDone[0].operationId})`);
  if (ops.length !== f.requested.length) problems.push(`${ops.length} campaign operations in the database, ${f.requested.length} accepted`);
  const withdrawals = ops.filter((o) => o.kind === "withdraw");
  const journals = await db.ledgerJournal.findMany({ where: { type: "campaign_withdraw", reference: { in: ids } }, select: { id: true, reference: true } });
  const opJournals = new Set(withdrawals.map((o) => o.journalId).filter((j): j is string => !!j));
  if (journals.length !== opJournals.size || journals.some((j) => !opJournals.has(j.id)))
    problems.push(`${journals.length} withdrawal journals for ${opJournals.size} withdrawals that moved money`);
  // the held ones could only finish once their row was let go, after the kill: the new worker ran them
  const early = f.heldWithdrawals.filter((w) => {
    const done = byId.get(w.operationId)?.completedAt;
    return !done || !w.releasedAt || done < w.releasedAt;
  });
  if (early.length) problems.push(`${early.length} held withdrawals completed before their row was released (not cut off by the kill)`);
  const emptyWithdrawals = withdrawals.filter((o) => o.status === "completed" && !o.journalId).length;
  for (const c of f.campaigns) {
    const withdrawn = withdrawals.filter((o) => o.campaignId === c.id).reduce((s, o) => s + (o.amountMicros ?? 0n), 0n);
    const acct = await db.ledgerAccount.findFirst({
      where: { asset: USDC_ASSET, environment: ENV, kind: "campaign", ownerRef: c.id },
      select: { balance: true },
    });
    const balance = acct?.balance ?? 0n;
    if (balance !== c.fundedMicros - withdrawn) problems.push(`campaign ${c.id}: balance ${balance}, funded ${c.fundedMicros} − withdrawn ${withdrawn}`);
  }
  const events = await db.webhookEvent.findMany({
    where: { ownerType: "campaign", ownerId: { in: ids }, event: { in: Object.values(EVENT_OF) } },
    select: { event: true, payload: true },
  });
  const eventsOf = new Map<string, string[]>();
  for (const e of events) {
    const opId = (JSON.parse(e.payload) as { data?: { operationId?: string } }).data?.operationId ?? "";
    eventsOf.set(opId, [...(eventsOf.get(opId) ?? []), e.event]);
  }
  const wrongEvents = ops.filter((o) => {
    const got = eventsOf.get(o.id) ?? [];
    return got.length !== 1 || got[0] !== EVENT_OF[o.kind as keyof typeof EVENT_OF];
  });
  if (wrongEvents.length)
    problems.push(
      `${wrongEvents.length} operations without exactly one event of their kind (e.g. ${wrongEvents[0].id}: ${eventsOf.get(wrongEvents[0].id) ?? "none"})`,
    );
  if (events.length !== ops.length) problems.push(`${events.length} campaign events for ${ops.length} operations`);

  // subscriptions: each renewed once, for one month
  const subs = await db.subscription.findMany({ where: { id: { in: f.subscriptions.map((s) => s.id) } } });
  const renewals = await db.purchase.findMany({ where: { subscriptionId: { in: f.subscriptions.map((s) => s.id) }, renewalPeriodEnd: { not: null } } });
  for (const s of f.subscriptions) {
    const row = subs.find((x) => x.id === s.id);
    const mine = renewals.filter((p) => p.subscriptionId === s.id);
    if (mine.length !== 1 || mine[0].status !== "completed")
      problems.push(`subscription ${s.id}: ${mine.length} renewal purchases (${mine.map((p) => p.status)})`);
    else if (row?.currentPeriodEnd.getTime() !== addMonth(s.periodEnd).getTime())
      problems.push(`subscription ${s.id}: period ends ${row?.currentPeriodEnd.toISOString()}, not a month after ${s.periodEnd.toISOString()}`);
  }

  const lastRenewal = renewals.find((p) => p.subscriptionId === f.subscriptions.at(-1)!.id);
  if (lastRenewal && f.renewalReleasedAt && lastRenewal.createdAt < f.renewalReleasedAt)
    problems.push("the held subscription was renewed before its row was released (the renewal job was not cut off)");
  if (f.renewedBeforeKill >= f.subscriptions.length) problems.push("every subscription was renewed before the kill (the renewal job was not cut off)");

  // grants: every one expired
  const expired = await db.checkoutGrant.count({ where: { id: { in: f.grantIds }, status: "expired" } });
  if (expired !== f.grantIds.length) problems.push(`${f.grantIds.length - expired} of ${f.grantIds.length} expired grants still not expired`);

  const { queued, failed } = await jobsLeft();
  if (queued) problems.push(`${queued} campaign, renewal or expiry jobs still queued`);
  if (failed) problems.push(`${failed} jobs failed for good (out of attempts)`);

  const audit = await checkLedgerInvariants(db, { asset: USDC_ASSET, environment: ENV });
  if (!auditHolds(audit)) problems.push(`USDC ledger invariant broken: ${JSON.stringify(audit, (_, v) => (typeof v === "bigint" ? String(v) : v))}`);

  const kinds = (["start", "stop", "withdraw"] as const).map((k) => `${f.requested.filter((r) => r.kind === k).length} ${k}`).join(", ");
  const running = [...f.runningAtKill].map(([t, n]) => `${t} ×${n}`).join(", ");
  const refused = [...f.refused].map(([k, n]) => `${k} ×${n}`).join(", ");
  return {
    problems,
    line:
      `${f.requested.length} campaign operations (${kinds}${refused ? `; refused: ${refused}` : ""}) on ${f.campaigns.length} campaigns, ` +
      `jobs running at the kills: ${running || "none"} (${f.heldWithdrawals.filter((w) => w.runningAtKill).length} of ${f.heldWithdrawals.length} held withdrawals mid-run at the kill, finished by the next worker); each completed once (${journals.length} withdrawal journals, ${emptyWithdrawals} empty withdrawals, one event each, balances right), ` +
      `${f.subscriptions.length} subscriptions renewed once (${f.renewedBeforeKill} before the kill), ${f.grantIds.length} grants expired, no job queued or failed, USDC ledger balanced`,
  };
};
