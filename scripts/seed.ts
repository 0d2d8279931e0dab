// npm run seed [-- --json] [-- --webhook-url URL] [-- --history]
// Creates a fresh, isolated set of test-environment objects (shared/spec/test-mode.md §1) and prints
// how to use them. With --json, stdout carries exactly one JSON object; everything else goes to stderr.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { config } from "../lib/config/env.ts";
import { startEmbeddedPostgres } from "../lib/db/embedded.ts";
import { migrateDeploy } from "../lib/db/migrate.ts";
import { installJobSchema } from "../lib/jobs/schema.ts";
import { closeDb, getDb } from "../lib/db/client.ts";
import { inTransaction } from "../lib/db/transaction.ts";
import { createSeedTenants } from "../lib/flows/create-seed-tenants.ts";
import { checkWebhookUrl } from "../lib/webhooks/check-webhook-url.ts";
import { loopbackRule } from "../lib/webhooks/loopback-rule.ts";
import { seedHistory, type HistoryTotals } from "./seed-history.ts";

const usage = `usage: npm run seed [-- --json] [-- --webhook-url URL] [-- --history]
  --json             print exactly one JSON object on stdout (logs go to stderr)
  --webhook-url URL  set URL as the webhook endpoint of the game, the platform and the campaign
  --history          also backfill 30 days of activity (purchases, currency, payouts, webhooks, API calls)`;

const log = (...a: unknown[]) => console.error(...a);

const parseArguments = () => {
  try {
    return parseArgs({
      options: {
        json: { type: "boolean", default: false },
        "webhook-url": { type: "string" },
        history: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
      allowPositionals: false,
    }).values;
  } catch (e) {
    log(`${e instanceof Error ? e.message : String(e)}\n${usage}`);
    process.exit(2);
  }
};
const values = parseArguments();

const main = async (): Promise<number> => {
  if (values.help) {
    log(usage);
    return 0;
  }
  const webhookUrl = values["webhook-url"];
  if (webhookUrl !== undefined && !/^https?:\/\/\S+$/.test(webhookUrl)) {
    log(`--webhook-url must be an http(s) URL, got ${JSON.stringify(webhookUrl)}.\n${usage}`);
    return 2;
  }
  // The seeded tenants are test mode: a loopback receiver is fine where the operator allows them
  // (WEBHOOK_ALLOW_LOOPBACK, on outside production), link-local and private ranges never are.
  const refused =
    webhookUrl === undefined
      ? null
      : await checkWebhookUrl(webhookUrl, loopbackRule("test")).then(
          () => null,
          (e: Error) => e.message,
        );
  if (refused) {
    log(`--webhook-url: ${refused}\n${usage}`);
    return 2;
  }
  // Keep stdout clean for --json: libraries that log to stdout write to stderr while we work.
  const stdoutLog = console.log;
  console.log = log;
  const configured = config().DATABASE_URL;
  const embedded = configured ? null : await startEmbeddedPostgres({ log });
  const url = configured ?? embedded!.url;
  process.env.DATABASE_URL = url;
  try {
    await migrateDeploy(url);
    await installJobSchema(url);
    const tag = randomBytes(3).toString("hex");
    const seeded = await inTransaction(getDb(), (tx) => createSeedTenants({ db: tx }, { tag, webhookUrl: webhookUrl ?? null }));
    if (values.history) log("Backfilling 30 days of history…");
    const history = values.history ? await seedHistory({ businessId: seeded.business.businessId, gameId: seeded.game.gameId }) : null;
    const { APP_URL, PORT } = config();
    const baseUrl = APP_URL ?? `http://localhost:${PORT ?? 3000}`;
    const out = { baseUrl, ...seeded, ...(history ? { history } : {}) };
    console.log = stdoutLog;
    if (values.json) {
      process.stdout.write(JSON.stringify(out, null, 2) + "\n");
    } else {
      process.stdout.write(humanReadable(out));
    }
    return 0;
  } finally {
    console.log = stdoutLog;
    await closeDb();
    await embedded?.stop();
  }
};

const humanReadable = (o: { baseUrl: string; history?: HistoryTotals } & Awaited<ReturnType<typeof createSeedTenants>>) => `
Coinop test credentials (test environment). Keys are shown once; only their hashes are stored.

  Game       ${o.game.gameId}
    server key      ${o.game.serverKey}
    webhook secret  ${o.game.webhookSecret}
  Campaign   ${o.campaign.campaignId}  (created, funded with 1,000 test USDC; events: level_complete, daily_login)
    campaign key    ${o.campaign.campaignKey}
  Platform   ${o.platform.platformId}
    platform key    ${o.platform.platformKey}
    webhook secret  ${o.platform.webhookSecret}
  Business   ${o.business.businessId}  (has granted the platform every business scope)
  Portal     ${o.portal.email} / ${o.portal.password}
${o.history ? `  History    30 days: ${o.history.purchases} purchases, ${o.history.gemsIssued} GEM issued, ${o.history.requests} API calls (see the portal's Overview)\n` : ""}
First call:
  curl -s ${o.baseUrl}/api/v1/game \\
    -H "Authorization: Bearer ${o.game.serverKey}" \\
    -H "X-Game-Id: ${o.game.gameId}"

Run \`npm run seed -- --json\` for machine-readable output.
`;

main().then(
  (code) => process.exit(code),
  (err) => {
    // never a bare "undefined": a library may reject without a reason
    log(err instanceof Error ? err.message : `npm run seed failed: ${err === undefined ? "no reason given" : String(err)}`);
    process.exit(1);
  },
);
