// The bulk seeder of target 3 (issue 15): a large, consistent history for one game and currency, written as
// plain SQL (generate_series, INSERT … SELECT) straight into the database, not through the API: minutes, not
// hours. What it writes, by default:
//   - 100,000 players, each with its active PlayerLink in the game (a `gmu_[test_]` userRef, as
//     lib/linking/link-player.ts makes them) and its user LedgerAccount in the currency, at its custody address
//     (lib/ledger/address.ts: "0x" + the first 40 hex of sha256("coinop:<env>:user:<userRef>"));
//   - the currency's 16 pool slots (lib/ledger/slots.ts), at the pool's custody address;
//   - 1,000,000 credit journals over the 30 days before now, each with its 2 postings (a pool slot −n, a
//     player +n, as lib/vc/credit.ts writes them), then every balance of the currency recomputed as the sum of
//     its postings (so the currency's balances sum to 0 and no player is negative);
//   - 1,000,000 IdempotencyRecord rows in the game's scope (`server:<gameId>`, lib/core/context.ts): the
//     stored 201 answers of those credits (key = the orderId);
//   - 10,000 other games (of one other business), each with a server key and a currency, so that the key and
//     currency lookups run on tables of a realistic size, not on a handful of rows.
// Then VACUUM ANALYZE of the tables written (autovacuum would get there in production) and a CHECKPOINT, so
// the load that follows does not pay for the seeding. Ids are 24 hex, time-ordered like lib/db/ids.ts (8 hex
// of seconds, then 4 hex naming the table, then 12 hex of the row number).
import pg from "pg";
import { custodyAddress } from "../../lib/ledger/address.ts";
import { ISSUER_SLOTS } from "../../lib/ledger/slots.ts";
import { vcAsset } from "../../lib/ledger/accounts.ts";
import { checkVcLedgerInvariants, readStoredJournals, vcAuditHolds } from "../../lib/vc/check-vc-journal-entries.ts";
import { journalEntryText } from "../../lib/vc/serialize-journal.ts";
import { getDb } from "../../lib/db/client.ts";

export type LargeSeed = {
  games: number;
  players: number;
  journals: number;
  postings: number;
  idempotencyRecords: number;
  seconds: number;
  /** heap + indexes, MB, of the tables written */
  tableSizesMb: Record<string, number>;
};

const DAY_S = 86_400;
const CHUNK = 250_000;

export const seedLarge = async ({
  url,
  gameId,
  environment,
  currencyId,
  players,
  journals,
  idempotencyRecords,
  games,
  log,
}: {
  url: string;
  gameId: string;
  environment: "test" | "live";
  currencyId: string;
  games: number;
  players: number;
  journals: number;
  idempotencyRecords: number;
  log: (m: string) => void;
}): Promise<LargeSeed> => {
  const started = performance.now();
  const asset = vcAsset(currencyId);
  const nowS = Math.floor(Date.now() / 1000);
  // the history runs over the 30 days before now; players were linked and the currency made a day before it
  const historyStartS = nowS - 30 * DAY_S;
  const linkedS = historyStartS - DAY_S;
  const stepS = journals > 0 ? (30 * DAY_S - 60) / journals : 0;
  const userRefPrefix = environment === "test" ? "gmu_test_" : "gmu_";
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const step = async (what: string, sql: string, values: unknown[] = []) => {
    const t0 = performance.now();
    const r = await c.query(sql, values);
    log(`[seed] ${what}: ${r.rowCount ?? 0} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return r;
  };
  try {
    await c.query("SET synchronous_commit = off");
    await c.query(`CREATE FUNCTION pg_temp.seed_id(marker text, secs bigint, n bigint) RETURNS text LANGUAGE sql IMMUTABLE
                   AS $$ SELECT lpad(to_hex(secs), 8, '0') || marker || lpad(to_hex(n), 12, '0') $$`);
    // the time of journal n, as seconds since the epoch
    await c.query(
      `CREATE FUNCTION pg_temp.seed_s(n bigint) RETURNS double precision LANGUAGE sql IMMUTABLE AS $$ SELECT ${historyStartS}::double precision + n * ${stepS}::double precision $$`,
    );
    await c.query(`CREATE FUNCTION pg_temp.seed_ts(n bigint) RETURNS timestamp LANGUAGE sql IMMUTABLE
                   AS $$ SELECT to_timestamp(pg_temp.seed_s(n)) AT TIME ZONE 'UTC' $$`);
    await c.query(`CREATE TEMP TABLE seed_user (n int PRIMARY KEY, player_id text NOT NULL, user_ref text NOT NULL, account_id text NOT NULL)`);
    await step(
      "seeded users (temporary)",
      `INSERT INTO seed_user SELECT g, pg_temp.seed_id('a001', $1, g), $2 || substr(md5('coinop-bench-large:' || $3 || ':' || g), 1, 24), pg_temp.seed_id('a003', $1, g)
       FROM generate_series(1, $4::int) g`,
      [linkedS, userRefPrefix, gameId, players],
    );
    const linkedAt = `to_timestamp(${linkedS}) AT TIME ZONE 'UTC'`;
    await step(
      "Player",
      `INSERT INTO "Player" ("id", "email", "name", "createdAt") SELECT player_id, 'bench-large-' || n || '@coinop.test', '', ${linkedAt} FROM seed_user`,
    );
    await step(
      "PlayerLink",
      `INSERT INTO "PlayerLink" ("id", "userRef", "namespaceType", "namespaceId", "environment", "playerId", "status", "linkedAt")
       SELECT pg_temp.seed_id('a002', $1, n), user_ref, 'game', $2, $3::"Environment", player_id, 'active', ${linkedAt} FROM seed_user`,
      [linkedS, gameId, environment],
    );
    await step(
      "LedgerAccount (players)",
      `INSERT INTO "LedgerAccount" ("id", "asset", "environment", "kind", "ownerRef", "slot", "address", "allowNegative", "balance", "createdAt", "updatedAt")
       SELECT account_id, $1, $2::"Environment", 'user', user_ref, 0,
              '0x' || substr(encode(sha256(convert_to('coinop:' || $2 || ':user:' || user_ref, 'UTF8')), 'hex'), 1, 40), false, 0, ${linkedAt}, ${linkedAt}
       FROM seed_user`,
      [asset, environment],
    );
    await step(
      "LedgerAccount (pool slots)",
      `INSERT INTO "LedgerAccount" ("id", "asset", "environment", "kind", "ownerRef", "slot", "address", "allowNegative", "balance", "createdAt", "updatedAt")
       SELECT pg_temp.seed_id('a008', $1, s), $2, $3::"Environment", 'pool', $4, s, $5, true, 0, ${linkedAt}, ${linkedAt}
       FROM generate_series(0, ${ISSUER_SLOTS - 1}) s
       ON CONFLICT ("asset", "environment", "kind", "ownerRef", "slot") DO NOTHING`,
      [linkedS, asset, environment, currencyId, custodyAddress("pool", currencyId, environment)],
    );
    await c.query(
      `CREATE TEMP TABLE seed_slot AS SELECT "slot", "id" FROM "LedgerAccount" WHERE "asset" = $1 AND "environment" = $2::"Environment" AND "kind" = 'pool' AND "ownerRef" = $3`,
      [asset, environment, currencyId],
    );
    // the currency existed before its history
    await c.query(`UPDATE "VirtualCurrency" SET "createdAt" = LEAST("createdAt", ${linkedAt}) WHERE "id" = $1`, [currencyId]);

    // journal n: credit order seed-n of 1 + n % 97 units from pool slot n % 16 to player (n·7919 mod P) + 1
    const userOf = `u.n = (g::bigint * 7919 % ${players}) + 1`;
    for (let from = 1; from <= journals; from += CHUNK) {
      const to = Math.min(journals, from + CHUNK - 1);
      // the journals and their postings in one statement (their VC entries below, made by lib/vc)
      await step(
        `LedgerJournal and LedgerPosting ${from}–${to}`,
        `WITH src AS (
           SELECT g, pg_temp.seed_id('a004', pg_temp.seed_s(g)::bigint, g) AS jid, pg_temp.seed_ts(g) AS ts, s."id" AS slot_account, u.account_id, u.user_ref
           FROM generate_series($4::int, $5::int) g
           JOIN seed_slot s ON s."slot" = g % ${ISSUER_SLOTS}
           JOIN seed_user u ON ${userOf}
         ), pp AS (
           SELECT src.g, src.jid, src.ts, src.user_ref, p.kind, p.account, p.delta, pg_temp.seed_id(p.marker, pg_temp.seed_s(src.g)::bigint, src.g) AS pid,
                  'Credit for order seed-' || src.g AS description
           FROM src CROSS JOIN LATERAL (VALUES ('a005', 'pool', src.slot_account, -(1 + src.g % 97)::bigint),
                                               ('a006', 'user', src.account_id, (1 + src.g % 97)::bigint)) AS p(marker, kind, account, delta)
         ), j AS (
           INSERT INTO "LedgerJournal" ("id", "asset", "environment", "tenantId", "type", "reference", "metadata", "createdAt")
           SELECT src.jid, $1, $2::"Environment", $3, 'credit', 'seed-' || src.g, jsonb_build_object('orderId', 'seed-' || src.g), src.ts
           FROM src
           RETURNING 1
         )
         INSERT INTO "LedgerPosting" ("id", "journalId", "accountId", "delta", "description", "createdAt")
         SELECT pid, jid, account, delta, description, ts FROM pp`,
        [asset, environment, gameId, from, to],
      );
    }
    // each journal's VC entry as lib/vc stores it (journalEntryText of the journal read back: the one place its JSON
    // is made), in batches of 20,000
    for (let after = "", done = 0; done < journals;) {
      const batch = await readStoredJournals(getDb(), { asset, environment, after, limit: 20_000 });
      if (batch.length === 0) break;
      await step(
        `VcJournalEntry ${done + 1}–${done + batch.length}`,
        `INSERT INTO "VcJournalEntry" ("journalId", "gameId", "currencyId", "environment", "createdAt", "entry")
         SELECT t.id, $1, $2, $3::"Environment", t.at::timestamp(3), t.entry FROM unnest($4::text[], $5::text[], $6::text[]) AS t(id, at, entry)`,
        [
          gameId,
          currencyId,
          environment,
          batch.map((b) => b.journal.id),
          batch.map((b) => b.journal.createdAt.toISOString()),
          batch.map((b) => journalEntryText(b.journal)),
        ],
      );
      done += batch.length;
      after = batch[batch.length - 1].journal.id;
    }
    // the currency's journal count, as the ledger's write keeps it (LedgerJournalCount: totals without a scan)
    await step(
      "LedgerJournalCount",
      `INSERT INTO "LedgerJournalCount" ("asset", "environment", "tenantId", "slot", "count") VALUES ($1, $2::"Environment", $3, 0, $4)
       ON CONFLICT ("asset", "environment", "tenantId", "slot") DO UPDATE SET "count" = "LedgerJournalCount"."count" + EXCLUDED."count"`,
      [asset, environment, gameId, journals],
    );
    // every balance of the currency is the sum of its postings
    await step(
      "LedgerAccount balances = sum of postings",
      `UPDATE "LedgerAccount" a SET "balance" = s.sum, "updatedAt" = GREATEST(a."updatedAt", s.last)
       FROM (SELECT p."accountId", sum(p."delta")::bigint AS sum, max(p."createdAt") AS last
             FROM "LedgerPosting" p JOIN "LedgerAccount" x ON x."id" = p."accountId"
             WHERE x."asset" = $1 AND x."environment" = $2::"Environment" GROUP BY p."accountId") s
       WHERE a."id" = s."accountId" AND a."balance" IS DISTINCT FROM s.sum`,
      [asset, environment],
    );
    // the stored answers of those credits, in the game's idempotency scope (key = orderId)
    for (let from = 1; from <= idempotencyRecords; from += CHUNK) {
      const to = Math.min(idempotencyRecords, from + CHUNK - 1);
      await step(
        `IdempotencyRecord ${from}–${to}`,
        `INSERT INTO "IdempotencyRecord" ("id", "scope", "key", "requestHash", "responseStatus", "responseHeaders", "responseBody", "createdAt")
         SELECT pg_temp.seed_id('a007', pg_temp.seed_s(g)::bigint, g), $1, 'seed-' || g, encode(sha256(convert_to('POST /api/v1/vc/credits seed-' || g, 'UTF8')), 'hex'),
                201, '{}'::jsonb,
                '{"journalId":"' || pg_temp.seed_id('a004', pg_temp.seed_s(g)::bigint, g) || '","newBalanceUnits":"' || (1 + g % 97) ||
                '","breakdown":[{"participant":"pool","direction":"debit","amountUnits":"' || (1 + g % 97) || '","description":"Credit for order seed-' || g ||
                '"},{"participant":"user","direction":"credit","userRef":"' || u.user_ref || '","amountUnits":"' || (1 + g % 97) ||
                '","description":"Credit for order seed-' || g || '"}]}',
                pg_temp.seed_ts(g)
         FROM generate_series($2::int, $3::int) g JOIN seed_user u ON ${userOf}`,
        [`server:${gameId}`, from, to],
      );
    }
    // other tenants: one business, `games` games, each with a server key (a random hash: no raw key exists) and a currency
    const tenantsAt = `to_timestamp(${linkedS}) AT TIME ZONE 'UTC'`;
    await step(
      "Business (other tenants)",
      `INSERT INTO "Business" ("id", "name", "environment", "createdAt", "updatedAt") VALUES (pg_temp.seed_id('a009', $1, 1), 'Bench other tenants', $2::"Environment", ${tenantsAt}, ${tenantsAt})`,
      [linkedS, environment],
    );
    await step(
      "Game (other tenants)",
      `INSERT INTO "Game" ("id", "businessId", "environment", "name", "webhookSecret", "createdAt", "updatedAt")
       SELECT pg_temp.seed_id('a00a', $1, g), pg_temp.seed_id('a009', $1, 1), $2::"Environment", 'Bench game ' || g, md5('secret' || g), ${tenantsAt}, ${tenantsAt}
       FROM generate_series(1, $3::int) g`,
      [linkedS, environment, games],
    );
    await step(
      "ApiKey (other tenants)",
      `INSERT INTO "ApiKey" ("id", "kind", "environment", "hash", "prefix", "label", "gameId", "createdAt", "updatedAt")
       SELECT pg_temp.seed_id('a00b', $1, g), 'server', $2::"Environment", encode(sha256(convert_to('bench-other-key:' || $4 || ':' || g, 'UTF8')), 'hex'),
              'service_server_test_', 'bench', pg_temp.seed_id('a00a', $1, g), ${tenantsAt}, ${tenantsAt}
       FROM generate_series(1, $3::int) g`,
      [linkedS, environment, games, gameId],
    );
    await step(
      "VirtualCurrency (other tenants)",
      `INSERT INTO "VirtualCurrency" ("id", "gameId", "environment", "code", "name", "createdAt", "updatedAt")
       SELECT pg_temp.seed_id('a00c', $1, g), pg_temp.seed_id('a00a', $1, g), $2::"Environment", 'GOLD', 'Gold', ${tenantsAt}, ${tenantsAt}
       FROM generate_series(1, $3::int) g`,
      [linkedS, environment, games],
    );

    const t0 = performance.now();
    for (const table of [
      "Business",
      "Game",
      "ApiKey",
      "VirtualCurrency",
      "Player",
      "PlayerLink",
      "LedgerAccount",
      "LedgerJournal",
      "LedgerPosting",
      "VcJournalEntry",
      "IdempotencyRecord",
    ])
      await c.query(`VACUUM (ANALYZE) "${table}"`);
    await c.query("CHECKPOINT").catch(() => undefined); // needs a superuser (or pg_checkpoint): the embedded server's is
    log(`[seed] VACUUM ANALYZE, CHECKPOINT: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // the seed is what the services would have written: same address as lib/ledger, books balanced
    const sample = await c.query<{ user_ref: string; address: string }>(
      `SELECT u.user_ref, a."address" FROM seed_user u JOIN "LedgerAccount" a ON a."id" = u.account_id ORDER BY u.n LIMIT 1`,
    );
    if (sample.rows[0] && sample.rows[0].address !== custodyAddress("user", sample.rows[0].user_ref, environment))
      throw new Error(`seeded address ${sample.rows[0].address} differs from lib/ledger/address.ts's`);
    const sizes = await c.query<{ table: string; mb: string }>(
      `SELECT relname AS table, round(pg_total_relation_size(oid) / 1048576.0, 1)::text AS mb FROM pg_class
       WHERE relname IN ('ApiKey', 'VirtualCurrency', 'Player', 'PlayerLink', 'LedgerAccount', 'LedgerJournal', 'LedgerPosting', 'VcJournalEntry', 'IdempotencyRecord') AND relkind = 'r'`,
    );
    return {
      games,
      players,
      journals,
      postings: journals * 2,
      idempotencyRecords,
      seconds: Math.round((performance.now() - started) / 100) / 10,
      tableSizesMb: Object.fromEntries(sizes.rows.map((r) => [r.table, Number(r.mb)])),
    };
  } finally {
    await c.end();
  }
};

/** The full audit of the currency (lib/ledger/check-ledger-invariants.ts and its VC entries, lib/vc), with its duration. */
export const auditCurrency = async ({ currencyId, environment }: { currencyId: string; environment: "test" | "live" }) => {
  const t0 = performance.now();
  const audit = await checkVcLedgerInvariants(getDb(), { asset: vcAsset(currencyId), environment });
  return {
    sum: audit.sum.toString(),
    accounts: audit.accountCount,
    journals: audit.journalCount,
    negativeAccounts: audit.negativeAccounts.length,
    driftedAccounts: audit.driftedAccounts.length,
    unbalancedJournals: audit.unbalancedJournals.length,
    miscountedTenants: audit.miscountedTenants.length,
    misstatedJournals: audit.misstatedJournals.length,
    ok: vcAuditHolds(audit),
    seconds: Math.round((performance.now() - t0) / 100) / 10,
  };
};
