// One pass of `npm run bench`: a fresh database, the web processes and workers, the selected scenarios, the
// checks. scripts/bench.ts runs one or more passes and compares them.
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { migrateDeploy } from "../../lib/db/migrate.ts";
import { installJobSchema } from "../../lib/jobs/schema.ts";
import { closeDb, getDb } from "../../lib/db/client.ts";
import { inTransaction } from "../../lib/db/transaction.ts";
import { createSeedTenants } from "../../lib/flows/create-seed-tenants.ts";
import { findOrCreatePlayer, linkPlayer } from "../../lib/linking/link-player.ts";
import { freshDatabase } from "./database.ts";
import { cpuSnapshot, foreignCores } from "./foreign-cpu.ts";
import { cpuBudget, readCpu, type CpuBudget } from "./cpu-budget.ts";
import { installStatements, readStatements, resetStatements, type StatementCost } from "./statements.ts";
import { rawSqlCeiling, type Ceiling } from "./ceiling.ts";
import { runLoad, runPaced, type RequestFor, type Result } from "./load.ts";
import { portalPages, signInPortal } from "./portal.ts";
import type { BenchOptions, PassPlan, Scenario } from "./options.ts";
import { measureOutboxLag, startEventStream, startReceiver, warmUpStream, type OutboxLag, type StreamStats } from "./outbox.ts";
import { startFleet } from "./processes.ts";
import { auditCurrency, seedLarge, type LargeSeed } from "./seed-large.ts";

export type ScenarioResult = Result & {
  scenario: Scenario;
  connections: number;
  loadAverage1m: { start: number; end: number };
  /** cores that processes outside the bench kept busy on average during the run (foreign-cpu.ts); null: unknown */
  othersCores: number | null;
  /** the CPU a request of each part of the bench (cpu-budget.ts); null: unknown */
  cpu: CpuBudget | null;
  /** BENCH_PG_STATEMENTS=1: the scenario's costliest statements (statements.ts); null otherwise */
  statements: StatementCost[] | null;
};

export type PassResult = PassPlan & {
  startedAt: string;
  loadAverage: { start: number[]; end: number[] };
  seed: LargeSeed | null;
  results: ScenarioResult[];
  rawSqlCeiling: Ceiling | null;
  creditsToCeiling: number | null;
  outbox: { stream: StreamStats & { rate: number }; lag: OutboxLag } | null;
  ledger: {
    sumOfBalances: string;
    negativePlayerBalances: number;
    creditJournals: number;
    credit2xx: number;
    seededJournals: number;
    prefillJournals: number;
    /** credits of the warm-up (BENCH_WARMUP per web process), not measured */
    warmupJournals: number;
  };
  audit: Awaited<ReturnType<typeof auditCurrency>>;
  invariantHolds: boolean;
  /** every stream event delivered, exactly once, signed (null when no events were sent) */
  deliveryHolds: boolean | null;
};

const load1m = () => Math.round(os.loadavg()[0]! * 100) / 100;

export const runPass = async ({
  plan,
  o,
  adminUrl,
  postgresIsOwn,
  log,
}: {
  plan: PassPlan;
  o: BenchOptions;
  adminUrl: string;
  /** count every `postgres` process as the bench's own (a server it did not start: database.ts) */
  postgresIsOwn: boolean;
  log: (m: string) => void;
}): Promise<PassResult> => {
  const startedAt = new Date().toISOString();
  const loadStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  log(`\n[bench] pass "${plan.label}" (load average ${loadStart.join(", ")})`);
  const db = await freshDatabase(adminUrl);
  const streamEvents = o.only.has("credits") && o.eventRate > 0;
  const receiver = streamEvents ? await startReceiver() : null;
  let fleet: Awaited<ReturnType<typeof startFleet>> | null = null;
  try {
    await migrateDeploy(db.url);
    if (o.pgStatements) await installStatements(db.url);
    await installJobSchema(db.url);
    await closeDb();
    process.env.DATABASE_URL = db.url;
    const seed = await inTransaction(getDb(), (tx) => createSeedTenants({ db: tx }, { tag: "bench", webhookUrl: receiver?.url ?? null }));
    receiver?.setSecrets([seed.game.webhookSecret, seed.platform.webhookSecret, seed.campaign.webhookSecret].filter((s): s is string => Boolean(s)));
    const refs: string[] = [];
    for (let i = 0; i < o.players; i++) {
      const player = await findOrCreatePlayer({ db: getDb() }, { email: `bench-${i}@coinop.test` });
      refs.push((await linkPlayer({ db: getDb() }, { namespace: { type: "game", id: seed.game.gameId }, environment: "test", playerId: player.id })).userRef);
    }
    fleet = await startFleet({ databaseUrl: db.url, port: o.port, webProcesses: plan.webProcesses, workers: plan.workers, log });
    const { bases } = fleet;
    const cpuMs = fleet.webCpuMs;
    const headers = { authorization: `Bearer ${seed.game.serverKey}`, "x-game-id": seed.game.gameId, "content-type": "application/json" };
    const cur = await fetch(`${bases[0]}/api/v1/vc/currencies`, {
      method: "POST",
      headers: { ...headers, "idempotency-key": "bench-currency" },
      body: JSON.stringify({ code: "GEMS", name: "Gems" }),
    });
    if (cur.status !== 201) throw new Error(`creating the currency failed: ${cur.status} ${await cur.text()}`);
    const currencyId = ((await cur.json()) as { currency: { _id: string } }).currency._id;
    const asset = `vc:${currencyId}`;

    const largeSeed = plan.large
      ? await seedLarge({
          url: db.url,
          gameId: seed.game.gameId,
          environment: "test",
          currencyId,
          players: o.largePlayers,
          journals: o.largeJournals,
          idempotencyRecords: o.largeIdempotencyRecords,
          games: o.largeGames,
          log,
        })
      : null;
    if (largeSeed) log(`[bench] large seed done in ${largeSeed.seconds} s: ${JSON.stringify(largeSeed.tableSizesMb)} MB`);

    const results: ScenarioResult[] = [];
    /** BENCH_WARMUP requests per web process first (not measured): a fresh process compiles each route on first use */
    const warmUp = async (label: string, request: RequestFor): Promise<number> => {
      if (o.warmup === 0) return 0;
      const r = await runLoad({ name: `${label} (warm-up)`, amount: o.warmup * bases.length, connections: 4 * bases.length, bases, request, cpuMs });
      return r.ok2xx;
    };
    const scenario = async (
      name: Scenario,
      label: string,
      amount: number,
      request: RequestFor,
      { beforeLoad, connections = o.connections, warmup, rate = 0 }: { beforeLoad?: () => void; connections?: number; warmup?: number; rate?: number } = {},
    ) => {
      const warm2xx =
        warmup === undefined
          ? await warmUp(label, request)
          : warmup === 0
            ? 0
            : (await runLoad({ name: `${label} (warm-up)`, amount: warmup * bases.length, connections: bases.length, bases, request, cpuMs })).ok2xx;
      beforeLoad?.();
      const start = load1m();
      if (o.pgStatements) await resetStatements(db.url);
      const cpuStart = cpuSnapshot({ postgresIsOwn });
      const partsStart = readCpu({ webCpuMs: cpuMs, workerPids: fleet!.workers.map((w) => w.pid), postgresIsOwn });
      log(`[bench] ${label}: ${amount} requests, ${rate ? `sent at ${rate}/s, at most ` : ""}${connections} connections over ${bases.length} web process(es)`);
      const r =
        rate > 0
          ? await runPaced({ name: label, amount, rate, maxInFlight: Math.max(1, Math.ceil(connections / bases.length)), bases, request, cpuMs })
          : await runLoad({ name: label, amount, connections, bases, request, cpuMs });
      const othersCores = foreignCores(cpuStart, cpuSnapshot({ postgresIsOwn }), os.availableParallelism());
      const cpu = cpuBudget(
        partsStart,
        readCpu({ webCpuMs: cpuMs, workerPids: fleet!.workers.map((w) => w.pid), postgresIsOwn }),
        amount,
        os.availableParallelism(),
      );
      const statements = o.pgStatements ? await readStatements(db.url, amount) : null;
      const out: ScenarioResult = { ...r, scenario: name, connections, loadAverage1m: { start, end: load1m() }, othersCores, cpu, statements };
      results.push(out);
      return { result: out, warm2xx };
    };

    let credit2xx = 0;
    let warmupJournals = 0;
    let outbox: PassResult["outbox"] = null;
    if (o.only.has("credits")) {
      let n = 0;
      let since = new Date();
      let stream: ReturnType<typeof startEventStream> | null = null;
      const startStream = () => {
        since = new Date(Date.now() - 1000);
        if (streamEvents) stream = startEventStream({ bases, headers, rate: o.eventRate, tag: plan.label.replace(/\W+/g, "-") });
      };
      if (streamEvents) {
        await warmUpStream({ bases, headers, count: o.warmup, tag: plan.label.replace(/\W+/g, "-") });
        // the stream's window starts a second before it (startStream): keep the warm-up's events out of it
        await sleep(1500);
      }
      const { result: credits, warm2xx } = await scenario(
        "credits",
        "POST /v1/vc/credits",
        o.credits,
        () => ({
          method: "POST",
          path: "/api/v1/vc/credits",
          setupRequest: (req) => {
            const i = n++;
            return {
              ...req,
              headers: { ...headers, "idempotency-key": `bench-${i}` },
              body: JSON.stringify({ currencyId, userRef: refs[i % refs.length], amountUnits: String(1 + (i % 7)), orderId: `order-${i}` }),
            };
          },
        }),
        { beforeLoad: startStream },
      );
      credit2xx = credits.ok2xx;
      warmupJournals = warm2xx;
      const running = stream as ReturnType<typeof startEventStream> | null;
      if (running && receiver) {
        const sent = await running.stop();
        log(
          `[bench] outbox: ${sent.ok} link initiations (201) of ${sent.sent} sent at ${o.eventRate}/s (${sent.skipped} skipped: server behind); waiting for their first delivery attempts…`,
        );
        const lag = await measureOutboxLag({ url: db.url, gameId: seed.game.gameId, since, receiver, waitSeconds: o.outboxWaitSeconds });
        outbox = { stream: { ...sent, rate: o.eventRate }, lag };
      }
    }

    let ceiling: Ceiling | null = null;
    if (o.only.has("ceiling")) {
      log(`[bench] raw-SQL ceiling: ${o.ceilingCredits} credits, ${o.ceilingClients} pg clients`);
      const [{ environment }] = await getDb().$queryRaw<{ environment: string }[]>`
        SELECT environment::text FROM "Game" WHERE id = ${seed.game.gameId}`;
      ceiling = await rawSqlCeiling(db.url, { gameId: seed.game.gameId, environment, refs, credits: o.ceilingCredits, clients: o.ceilingClients });
    }
    const creditsResult = results.find((r) => r.scenario === "credits");
    const creditsToCeiling = ceiling && creditsResult ? Math.round((creditsResult.requestsPerSecond / ceiling.creditsPerSecond) * 100) / 100 : null;

    if (o.only.has("balances")) {
      let m = 0;
      await scenario(
        "balances",
        "GET /v1/vc/balances",
        o.balanceReads,
        () => ({
          method: "GET",
          setupRequest: (req) => ({ ...req, headers, path: `/api/v1/vc/balances?currencyId=${currencyId}&userRef=${refs[m++ % refs.length]}` }),
        }),
        { rate: o.readRate },
      );
    }

    // issue 32, target 2: the game and a user's info (game-api.md: GET /v1/game, GET /v1/users/{userRef})
    if (o.only.has("game")) await scenario("game", "GET /v1/game", o.gameReads, () => ({ method: "GET", path: "/api/v1/game", headers }), { rate: o.readRate });
    if (o.only.has("user")) {
      const first = await fetch(`${bases[0]}/api/v1/users/${refs[0]}`, { headers });
      if (first.status !== 200) throw new Error(`GET /v1/users/${refs[0]}: ${first.status} ${(await first.text()).slice(0, 300)}`);
      let u = 0;
      await scenario(
        "user",
        "GET /v1/users/{userRef}",
        o.userReads,
        () => ({
          method: "GET",
          setupRequest: (req) => ({ ...req, headers, path: `/api/v1/users/${refs[u++ % refs.length]}` }),
        }),
        { rate: o.readRate },
      );
    }

    // GET /v1/vc/journals, first page (game-api.md: query currencyId, page, limit; its example uses limit 50)
    let prefillJournals = 0;
    if (o.only.has("journals")) {
      const [{ count }] = await getDb().$queryRaw<{ count: bigint }[]>`SELECT count(*) AS count FROM "LedgerJournal" WHERE asset = ${asset}`;
      if (Number(count) < o.journalLimit) {
        // a run without credits: enough journals for a full first page, through the API
        const missing = o.journalLimit - Number(count);
        log(`[bench] journals: ${missing} credits first, for a full page`);
        for (let i = 0; i < missing; i++) {
          const r = await fetch(`${bases[0]}/api/v1/vc/credits`, {
            method: "POST",
            headers: { ...headers, "idempotency-key": `bench-prefill-${i}` },
            body: JSON.stringify({ currencyId, userRef: refs[i % refs.length], amountUnits: "1", orderId: `prefill-${i}` }),
          });
          if (r.status !== 201) throw new Error(`prefill credit failed: ${r.status} ${await r.text()}`);
          prefillJournals++;
        }
      }
      const path = `/api/v1/vc/journals?currencyId=${currencyId}&page=1&limit=${o.journalLimit}`;
      const first = await fetch(`${bases[0]}${path}`, { headers });
      const page = (await first.json()) as { items?: unknown[]; pagination?: { totalCount: number } };
      if (first.status !== 200 || page.items?.length !== o.journalLimit) throw new Error(`GET ${path}: ${first.status} ${JSON.stringify(page).slice(0, 300)}`);
      log(`[bench] journals: first page of ${page.items.length}, totalCount ${page.pagination?.totalCount}`);
      await scenario("journals", "GET /v1/vc/journals", o.journalReads, () => ({ method: "GET", path, headers }), {
        connections: o.journalConnections,
        rate: o.readRate,
      });
    }

    // issue 32, target 4: the portal's pages, signed in as the seed's developer (an owner of the business)
    if (o.only.has("portal")) {
      const cookie = await signInPortal(bases[0]!, seed.portal);
      for (const { page, path, expect } of portalPages(seed.business.businessId, refs[0]!)) {
        for (const base of bases) {
          const res = await fetch(`${base}${path}`, { headers: { cookie } });
          const html = await res.text();
          if (res.status !== 200 || !html.includes(expect))
            throw new Error(`the portal's ${page} page did not render on ${base}: ${res.status} ${html.slice(0, 200)}`);
        }
        await scenario("portal", `GET portal ${page}`, o.portalPages, () => ({ method: "GET", path, headers: { cookie } }), {
          connections: o.portalConnections,
          warmup: o.portalWarmup,
        });
      }
    }

    // Catalogue and checkout: PRODUCTS products (created through the API), then one grant's hosted page.
    if (o.only.has("products") || o.only.has("checkout")) {
      for (let i = 0; i < o.products; i++) {
        const res = await fetch(`${bases[i % bases.length]}/api/v1/products`, {
          method: "POST",
          headers: { ...headers, "idempotency-key": `bench-product-${i}` },
          body: JSON.stringify({
            name: `Bench item ${i}`,
            type: "purchase",
            price: 99 + i,
            description: "A benchmark item.",
            virtualCurrencyPrices: [{ currencyId, amount: 10 + i }],
          }),
        });
        if (res.status !== 201) throw new Error(`creating product ${i} failed: ${res.status} ${await res.text()}`);
      }
      const listed = (await (await fetch(`${bases[0]}/api/v1/products`, { headers })).json()) as { products?: { _id: string }[] };
      const productId = listed.products?.[0]?._id;
      if (!productId || listed.products!.length !== Math.min(20, o.products))
        throw new Error(`listing products returned ${JSON.stringify(listed).slice(0, 200)}`);
      if (o.only.has("products")) await scenario("products", "GET /v1/products", o.productReads, () => ({ method: "GET", path: "/api/v1/products", headers }));
      if (o.only.has("checkout")) {
        const grant = await fetch(`${bases[0]}/api/v1/checkout/grants`, {
          method: "POST",
          headers: { ...headers, "idempotency-key": "bench-grant" },
          body: JSON.stringify({ itemId: productId, email: "bench-buyer@coinop.test" }),
        });
        if (grant.status !== 201) throw new Error(`creating the checkout grant failed: ${grant.status} ${await grant.text()}`);
        const checkoutUrl = new URL(((await grant.json()) as { checkoutUrl: string }).checkoutUrl);
        const pagePath = checkoutUrl.pathname + checkoutUrl.search;
        for (const base of bases) {
          const page = await fetch(`${base}${pagePath}`);
          if (page.status !== 200 || !(await page.text()).includes("Bench item"))
            throw new Error(`the checkout page did not render on ${base}: ${page.status}`);
        }
        await scenario("checkout", "GET checkout page", o.checkoutPages, () => ({ method: "GET", path: pagePath }));
      }
    }

    // Checks: the books balance, every balance is the sum of its postings, credit journals = 2xx answers.
    const check = await getDb().$queryRaw<{ sum: bigint; negatives: bigint; journals: bigint }[]>`
      SELECT (SELECT COALESCE(SUM(balance), 0) FROM "LedgerAccount" WHERE asset = ${asset})::bigint AS sum,
             (SELECT COUNT(*) FROM "LedgerAccount" WHERE asset = ${asset} AND kind = 'user' AND balance < 0)::bigint AS negatives,
             (SELECT COUNT(*) FROM "LedgerJournal" WHERE asset = ${asset} AND type = 'credit')::bigint AS journals`;
    const seededJournals = largeSeed?.journals ?? 0;
    const ledger = {
      sumOfBalances: String(check[0].sum),
      negativePlayerBalances: Number(check[0].negatives),
      creditJournals: Number(check[0].journals),
      credit2xx,
      seededJournals,
      prefillJournals,
      warmupJournals,
    };
    log(
      `[bench] auditing the ledger of the currency (every balance = sum of its postings, every journal sums to 0, and each VC entry is the one lib/vc makes of its journal)…`,
    );
    const audit = await auditCurrency({ currencyId, environment: "test" });
    const invariantHolds =
      ledger.sumOfBalances === "0" &&
      ledger.negativePlayerBalances === 0 &&
      ledger.creditJournals === credit2xx + seededJournals + prefillJournals + warmupJournals &&
      audit.ok &&
      (ceiling === null || ceiling.sumOfBalances === "0");
    const deliveryHolds = outbox
      ? outbox.lag.events === outbox.stream.ok &&
        outbox.lag.attempted === outbox.lag.events &&
        outbox.lag.missingAtReceiver === 0 &&
        outbox.lag.duplicateArrivals === 0 &&
        outbox.lag.duplicateFirstAttempts === 0 &&
        outbox.lag.badSignatures === 0
      : null;
    return {
      ...plan,
      startedAt,
      loadAverage: { start: loadStart, end: os.loadavg().map((x) => Math.round(x * 100) / 100) },
      seed: largeSeed,
      results,
      rawSqlCeiling: ceiling,
      creditsToCeiling,
      outbox,
      ledger,
      audit,
      invariantHolds,
      deliveryHolds,
    };
  } finally {
    await fleet?.stop();
    await receiver?.close();
    await closeDb();
    if (o.keepDatabase) log(`[bench] kept database ${db.url}`);
    else await db.drop();
  }
};
