// npx tsx scripts/approve-platform-scopes.ts <platformId> [scope ...]
// The operator's approval of a platform's live scope requests (POST /v1/platform/me/scopes with a live key,
// or a live key created with scopes the platform lacked): approves the named scopes, or every pending one,
// and prints the platform's approved and pending scopes. Uses DATABASE_URL, or the embedded PostgreSQL.
import { config } from "../lib/config/env.ts";
import { closeDb, getDb } from "../lib/db/client.ts";
import { startEmbeddedPostgres } from "../lib/db/embedded.ts";
import { approveScopeRequests } from "../lib/platform/approve-scope-requests.ts";
import { ALL_SCOPES } from "../lib/platform/scopes.ts";

const usage = "usage: npx tsx scripts/approve-platform-scopes.ts <platformId> [scope ...]   (no scope: approve every pending one)";

const main = async (): Promise<number> => {
  const [platformId, ...scopes] = process.argv.slice(2);
  if (!platformId || platformId.startsWith("-")) {
    console.error(usage);
    return 2;
  }
  const unknown = scopes.filter((s) => !ALL_SCOPES.includes(s));
  if (unknown.length) {
    console.error(`unknown scope(s): ${unknown.join(", ")}\n${usage}`);
    return 2;
  }
  const configured = config().DATABASE_URL;
  const embedded = configured ? null : await startEmbeddedPostgres({ log: (...a: unknown[]) => console.error(...a) });
  process.env.DATABASE_URL = configured ?? embedded!.url;
  try {
    if (!(await getDb().platform.findUnique({ where: { id: platformId }, select: { id: true } }))) {
      console.error(`platform ${platformId} not found`);
      return 1;
    }
    const out = await approveScopeRequests({ db: getDb() }, { platformId, scopes: scopes.length ? scopes : undefined });
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  } finally {
    await closeDb();
    await embedded?.stop();
  }
};

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
