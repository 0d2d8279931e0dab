// Runs before each test file, in its worker: clones a fresh database from the migrated template and
// points DATABASE_URL at it. The database is dropped when the file ends.
import { afterAll, inject } from "vitest";
import pg from "pg";
import { randomBytes } from "node:crypto";
import { closeDb } from "../lib/db/client.ts";

const adminUrl = inject("adminUrl");
const templateDb = inject("templateDb");
// The creation time in the name lets a later run drop databases that a killed run left behind.
const database = `coinop_t_${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString("hex")}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${database}" TEMPLATE "${templateDb}"`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${database}`;
process.env.DATABASE_URL = url.toString();

afterAll(async () => {
  await closeDb();
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
  await c.end();
});
