// The raw-SQL ceiling of a credit (docs/benchmarks.md): the service's hot-pool credit as plain SQL, on the
// same database right after the service's credits, so the bench can print how far the service is from it.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { getDb } from "../../lib/db/client.ts";
import { newId } from "../../lib/db/ids.ts";
import { ensureAccounts } from "../../lib/ledger/ensure-accounts.ts";
import { ISSUER_SLOTS } from "../../lib/ledger/slots.ts";
import { vcPool, vcUser } from "../../lib/ledger/accounts.ts";
import { journalEntryText } from "../../lib/vc/serialize-journal.ts";

export type Ceiling = { credits: number; clients: number; seconds: number; creditsPerSecond: number; p50Ms: number; p99Ms: number; sumOfBalances: string };

/**
 * The raw-SQL ceiling: the service's hot-pool credit written as plain SQL by `clients` pg clients, one
 * transaction a credit, on a currency of its own (its accounts created first, as the service's are by then).
 * Per credit: BEGIN; lock the player's row and one random pool slot (FOR UPDATE, the ledger's lock order);
 * one statement updating both balances and inserting the journal, its two postings, its VC entry (made by
 * journalEntryText, as lib/vc stores it) and the idempotency record; COMMIT.
 */
export const rawSqlCeiling = async (
  url: string,
  {
    gameId,
    environment,
    refs,
    credits: total,
    clients: clientCount,
  }: { gameId: string; environment: string; refs: string[]; credits: number; clients: number },
): Promise<Ceiling> => {
  const currencyId = `raw_${randomBytes(6).toString("hex")}`;
  const asset = `vc:${currencyId}`;
  const scope = { asset, environment: environment as "test" };
  const pool = vcPool(currencyId, scope.environment);
  await ensureAccounts(getDb(), { ...scope, accounts: Array.from({ length: ISSUER_SLOTS }, (_, slot) => ({ ...pool, slot })) });
  await ensureAccounts(getDb(), { ...scope, accounts: refs.map((r) => vcUser(r, scope.environment)) });
  const rows = await getDb().$queryRaw<{ id: string; kind: string; ownerRef: string; slot: number }[]>`
    SELECT "id", "kind", "ownerRef", "slot" FROM "LedgerAccount" WHERE "asset" = ${asset}`;
  const slots = rows.filter((r) => r.kind === "pool").map((r) => r.id);
  const userIds = new Map(rows.filter((r) => r.kind === "user").map((r) => [r.ownerRef, r.id]));
  const clients = await Promise.all(
    Array.from({ length: clientCount }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (c) => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        const ref = refs[i % refs.length]!;
        const player = userIds.get(ref)!;
        const slot = slots[Math.floor(Math.random() * slots.length)]!;
        const amount = String(1 + (i % 7));
        const responseBody = JSON.stringify({ journalId: newId(), userRef: ref, amountUnits: amount, balanceUnits: "0", orderId: `raw-${i}` });
        await c.query("BEGIN");
        // the transaction's time comes back with the lock, as in lib/ledger (the entry's createdAt is the journal's)
        const locked = await c.query<{ ms: string }>(
          `SELECT "id", round(extract(epoch FROM (now() AT TIME ZONE 'UTC')::timestamp(3)) * 1000)::text AS ms
           FROM "LedgerAccount" WHERE "id" = ANY($1::text[]) ORDER BY "allowNegative", "id" FOR UPDATE`,
          [[player, slot]],
        );
        const journalId = newId();
        const postingIds = [newId(), newId()].sort();
        const createdAt = new Date(Number(locked.rows[0]!.ms));
        const entry = journalEntryText({
          id: journalId,
          type: "credit",
          createdAt,
          postings: [
            {
              id: postingIds[0]!,
              delta: -BigInt(amount),
              description: `Credit for order raw-${i}`,
              account: { kind: "pool", address: pool.address, ownerRef: currencyId },
            },
            { id: postingIds[1]!, delta: BigInt(amount), description: `Credit for order raw-${i}`, account: { kind: "user", address: "", ownerRef: ref } },
          ],
        });
        await c.query(
          `WITH upd AS (
             UPDATE "LedgerAccount" a SET "balance" = a."balance" + d.delta, "updatedAt" = now() AT TIME ZONE 'UTC'
             FROM unnest($1::text[], $2::bigint[]) AS d(id, delta) WHERE a."id" = d.id RETURNING a."id"
           ), j AS (
             INSERT INTO "LedgerJournal" ("id", "asset", "environment", "tenantId", "type", "reference", "metadata", "createdAt")
             VALUES ($3, $4, $5::"Environment", $6, 'credit', $7, $8::jsonb, now() AT TIME ZONE 'UTC')
             RETURNING "id"
           ), e AS (
             INSERT INTO "VcJournalEntry" ("journalId", "gameId", "currencyId", "environment", "createdAt", "entry")
             VALUES ($3, $6, $16, $5::"Environment", $17::timestamp(3), $18) RETURNING 1
           ), p AS (
             INSERT INTO "LedgerPosting" ("id", "journalId", "accountId", "delta", "description", "createdAt")
             SELECT t.id, $3, t.account, t.delta, $9, now() AT TIME ZONE 'UTC'
             FROM unnest($10::text[], $1::text[], $2::bigint[]) AS t(id, account, delta) RETURNING 1
           ), idem AS (
             INSERT INTO "IdempotencyRecord" ("id", "scope", "key", "requestHash", "responseStatus", "responseHeaders", "responseBody", "createdAt")
             VALUES ($11, $12, $13, $14, 201, '{}'::jsonb, $15, now()) RETURNING 1
           )
           SELECT (SELECT count(*) FROM upd) AS updated, (SELECT count(*) FROM p) AS postings, (SELECT count(*) FROM idem) AS records FROM j`,
          [
            [slot, player],
            [`-${amount}`, amount],
            journalId,
            asset,
            environment,
            gameId,
            `raw-${i}`,
            JSON.stringify({ orderId: `raw-${i}` }),
            `Credit for order raw-${i}`,
            postingIds,
            newId(),
            `raw-ceiling:${gameId}`,
            `raw-${i}`,
            randomBytes(32).toString("hex"),
            responseBody,
            currencyId,
            createdAt.toISOString(),
            entry,
          ],
        );
        await c.query("COMMIT");
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((c) => c.end()));
  const [sum] = await getDb().$queryRaw<{ sum: bigint }[]>`SELECT COALESCE(SUM(balance), 0)::bigint AS sum FROM "LedgerAccount" WHERE asset = ${asset}`;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  return {
    credits: total,
    clients: clientCount,
    seconds: Math.round(seconds * 100) / 100,
    creditsPerSecond: Math.round((total / seconds) * 10) / 10,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    sumOfBalances: String(sum!.sum),
  };
};
