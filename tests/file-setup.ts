// Runs before each test file, in its worker: clones a fresh database from the migrated template and
// points DATABASE_URL at it. Most files share their worker's loaded modules (vitest.config.ts), so the
// state a module keeps per process is reset here: the database client of the previous file, and the
// test clock's offset.
//
// A file's database is not dropped when the file ends: DROP DATABASE makes PostgreSQL take a checkpoint,
// which then slowed the next file's CREATE DATABASE from about 40 ms to 400-600 ms. The run's databases
// carry its id and are dropped together when the run ends (tests/global-setup.ts).
import { afterAll, inject } from "vitest";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { closeDb } from "../lib/db/client.ts";
import { setClockOffsetForTests } from "../lib/core/clock.ts";

const adminUrl = inject("adminUrl");
const templateDb = inject("templateDb");
const runId = inject("testRunId");
// The creation time in the name lets a later run drop databases that a killed run left behind.
const database = `coinop_t_${Math.floor(Date.now() / 1000)}_${runId}_${randomBytes(6).toString("hex")}`;

await closeDb();
setClockOffsetForTests(0);

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${database}" TEMPLATE "${templateDb}"`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${database}`;
process.env.DATABASE_URL = url.toString();

afterAll(async () => {
  await closeDb();
});
