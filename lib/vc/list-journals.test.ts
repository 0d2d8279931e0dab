import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { POST as DEBIT } from "../../app/api/v1/vc/debits/route.ts";
import { POST as BATCH } from "../../app/api/v1/vc/batch/route.ts";
import { call } from "../../tests/support/http.ts";
import { fund, idem, makeVcGame } from "../../tests/support/vc.ts";
import type { GameContext } from "../core/context.ts";
import { JsonText } from "../core/json-text.ts";
import { getDb } from "../db/client.ts";
import { businessFundingAccount, testUsdcMint, USDC_ASSET, vcAsset, vcPool, vcUser } from "../ledger/accounts.ts";
import { postJournals } from "../ledger/post-journal.ts";
import { VC_JOURNAL_TYPES, type PostedJournal } from "../ledger/types.ts";
import { checkVcJournalEntries } from "./check-vc-journal-entries.ts";
import { listJournals } from "./list-journals.ts";
import { JournalEntry, JournalList } from "./schemas.ts";
import { serializeJournal } from "./serialize-journal.ts";
import { vcScope } from "./vc-scope.ts";
import { gameContextFor } from "../../tests/support/contexts.ts";

// Descriptions JSON must escape, and text it must keep as is.
const REASONS = ['a "quoted" word', "back\\slash", "line\nbreak\ttab", "émoji 🎮 ünïcode", "</script><b>", "\u0001\u001f control"];

const ctxOf = (gameId: string, environment: "test" | "live" = "test"): GameContext => gameContextFor({ id: gameId, businessId: "b" }, { environment });

/** The page as the portal writes it: rows read by Prisma, serializeJournal. */
const expectedPage = async (currencyId: string, { skip, take, ownerRef }: { skip: number; take: number; ownerRef?: string }) => {
  const rows = await getDb().ledgerJournal.findMany({
    where: { asset: vcAsset(currencyId), ...(ownerRef ? { postings: { some: { account: { kind: "user", ownerRef } } } } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip,
    take,
    include: { postings: { include: { account: true } } },
  });
  return rows.map((r) => JournalEntry.parse(serializeJournal(r)));
};

const parsed = (out: JsonText) => {
  expect(out).toBeInstanceOf(JsonText);
  const value = JSON.parse(out.text);
  expect(JournalList.safeParse(value).success).toBe(true);
  return value as JournalList;
};
type JournalList = { items: unknown[]; pagination: { page: number; limit: number; totalCount: number; totalPages: number } };

describe("listJournals (the entries lib/vc stored with its journals)", () => {
  it("writes exactly what serializeJournal writes: every page, ties on createdAt, escapes, a player's journals", async () => {
    const { headers, currencyId, users, game } = await makeVcGame({ players: 3 });
    await fund(headers, currencyId, users[0], 1_000);
    await fund(headers, currencyId, users[1], 7);
    for (const reason of REASONS) {
      const res = await call(DEBIT, { headers: idem(headers), body: { currencyId, userRef: users[0], amountUnits: "3", reason } });
      expect(res.status).toBe(201);
    }
    const batch = await call(BATCH, {
      headers: idem(headers),
      body: {
        currencyId,
        sourceUserRef: users[0],
        recipients: [
          { userRef: users[1], amountUnits: "5", description: 'to "one"' },
          { userRef: users[2], amountUnits: "6", description: "to two" },
        ],
      },
    });
    expect(batch.status).toBe(200);
    // three journals at the same millisecond, ordered by id, newest (largest) first: a group commit writes its
    // journals in one statement, with one createdAt
    const group = await postJournals(
      getDb(),
      ["tie one", "tie two", "tie three"].map((description, i) => ({
        ...vcScope({ gameId: game.id, environment: "test", currencyId }),
        type: "credit",
        postings: [
          { account: vcPool(currencyId, "test"), delta: -BigInt(i + 1), description },
          { account: vcUser(users[2], "test"), delta: BigInt(i + 1), description },
        ],
      })),
    );
    expect(new Set(group.map((g) => (g instanceof Error ? g.message : g.createdAt.toISOString())))).toHaveLength(1);
    const total = 2 + REASONS.length + 1 + 3;
    for (const [page, limit] of [
      [1, 50],
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]) {
      const out = parsed(await listJournals(ctxOf(game.id), { currencyId, page, limit }));
      expect(out.items).toEqual(await expectedPage(currencyId, { skip: (page - 1) * limit, take: limit }));
      expect(out.pagination).toEqual({
        page,
        limit,
        totalCount: total,
        totalPages: Math.ceil(total / limit),
        hasNextPage: page < Math.ceil(total / limit),
        hasPrevPage: page > 1,
      });
    }
    const first = parsed(await listJournals(ctxOf(game.id), { currencyId, page: 1, limit: 50 }));
    expect(first.items.map((j) => (j as { postings: { description: string }[] }).postings[0].description)).toEqual(expect.arrayContaining(REASONS));
    const tied = first.items.filter((j) => (j as { createdAt: string }).createdAt === (group[0] as PostedJournal).createdAt.toISOString());
    expect(tied.map((j) => (j as { _id: string })._id)).toEqual(
      group
        .map((g) => (g as PostedJournal).journalId)
        .sort()
        .reverse(),
    );

    const mine = parsed(await listJournals(ctxOf(game.id), { currencyId, userRef: users[2], page: 1, limit: 50 }));
    expect(mine.items).toEqual(await expectedPage(currencyId, { skip: 0, take: 50, ownerRef: users[2] }));
    expect(mine.items).toHaveLength(4);
    expect(mine.pagination.totalCount).toBe(4);
  });

  it("an empty page, a player with no account, and another game's or environment's currency (404)", async () => {
    const a = await makeVcGame({ players: 1 });
    const b = await makeVcGame();
    expect(parsed(await listJournals(ctxOf(a.game.id), { currencyId: a.currencyId, page: 1, limit: 50 }))).toEqual({
      items: [],
      pagination: { page: 1, limit: 50, totalCount: 0, totalPages: 0, hasNextPage: false, hasPrevPage: false },
    });
    await fund(a.headers, a.currencyId, a.users[0], 2);
    expect(parsed(await listJournals(ctxOf(a.game.id), { currencyId: a.currencyId, page: 9, limit: 50 })).items).toEqual([]);
    expect(parsed(await listJournals(ctxOf(b.game.id), { currencyId: b.currencyId, userRef: b.users[0], page: 1, limit: 5 })).items).toEqual([]);
    for (const [gameId, environment] of [
      [b.game.id, "test"],
      [a.game.id, "live"],
    ] as const)
      await expect(listJournals(ctxOf(gameId, environment), { currencyId: a.currencyId, page: 1, limit: 50 })).rejects.toMatchObject({
        code: "CURRENCY_NOT_FOUND",
        status: 404,
      });
  });
});

describe("VcJournalEntry (lib/vc's entry of each VC journal, written in the journal's statement)", () => {
  const entriesOf = async (currencyId: string) =>
    getDb().vcJournalEntry.findMany({ where: { currencyId }, select: { journalId: true, entry: true }, orderBy: { journalId: "asc" } });

  it("for every journal kind, the stored and served entry is the zod-checked serializeJournal of the journal read back", async () => {
    const { headers, currencyId, users, game } = await makeVcGame({ players: 2 });
    await fund(headers, currencyId, users[0], 1_000);
    const kinds = [...VC_JOURNAL_TYPES, "purchase", "purchase_grant"];
    const posted = await postJournals(
      getDb(),
      kinds.map((type, i) => ({
        ...vcScope({ gameId: game.id, environment: "test", currencyId }),
        type,
        postings: [
          { account: vcUser(users[0], "test"), delta: -BigInt(i + 3), description: REASONS[i % REASONS.length] },
          { account: vcUser(users[1], "test"), delta: 1n, description: `${type} one` },
          { account: vcPool(currencyId, "test"), delta: BigInt(i + 2), description: `${type} "pool"` },
        ],
      })),
    );
    expect(posted.every((p) => !(p instanceof Error))).toBe(true);
    const rows = await getDb().ledgerJournal.findMany({
      where: { asset: vcAsset(currencyId) },
      include: { postings: { include: { account: true } } },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => r.type).sort()).toEqual(["credit", ...kinds].sort());
    const stored = await entriesOf(currencyId);
    expect(stored).toEqual(rows.map((r) => ({ journalId: r.id, entry: JSON.stringify(JournalEntry.parse(serializeJournal(r))) })));
    const served = parsed(await listJournals(ctxOf(game.id), { currencyId, page: 1, limit: 50 }));
    expect(served.items).toEqual(await expectedPage(currencyId, { skip: 0, take: 50 }));
    expect(await checkVcJournalEntries(getDb(), { asset: vcAsset(currencyId), environment: "test" })).toEqual([]);
  });

  it("checkVcJournalEntries finds a VC journal written without its entry, and an altered entry", async () => {
    const { headers, currencyId, users, game } = await makeVcGame({ players: 1 });
    await fund(headers, currencyId, users[0], 3);
    const scope = { asset: vcAsset(currencyId), environment: "test" as const };
    // the ledger's own scope, without lib/vc's companion: the journal is written, its entry is not
    const [bare] = await postJournals(getDb(), [
      {
        ...scope,
        tenantId: game.id,
        type: "credit",
        postings: [
          { account: vcPool(currencyId, "test"), delta: -1n, description: "bare" },
          { account: vcUser(users[0], "test"), delta: 1n, description: "bare" },
        ],
      },
    ]);
    const [funded] = await entriesOf(currencyId);
    await getDb().$transaction([
      getDb().$executeRaw`ALTER TABLE "VcJournalEntry" DISABLE TRIGGER USER`,
      getDb()
        .$executeRaw`UPDATE "VcJournalEntry" SET "entry" = replace("entry", '"deltaUnits":"3"', '"deltaUnits":"4"') WHERE "journalId" = ${funded.journalId}`,
      getDb().$executeRaw`ALTER TABLE "VcJournalEntry" ENABLE TRIGGER USER`,
    ]);
    expect((await checkVcJournalEntries(getDb(), scope)).sort()).toEqual([(bare as PostedJournal).journalId, funded.journalId].sort());
  });

  it("migration 20261129083026 moves the entries LedgerJournal.entry held, as they were", async () => {
    const { headers, currencyId, users } = await makeVcGame({ players: 2 });
    await fund(headers, currencyId, users[0], 50);
    for (const reason of REASONS)
      expect((await call(DEBIT, { headers: idem(headers), body: { currencyId, userRef: users[0], amountUnits: "2", reason } })).status).toBe(201);
    const written = await entriesOf(currencyId);
    expect(written).toHaveLength(1 + REASONS.length);
    // the journals as they were before the migration, in this file's own database (the append-only triggers are
    // lifted for the setup): the entries in LedgerJournal.entry; then the migration's own statement moves them
    const migration = readFileSync(new URL("../../prisma/migrations/20261129083026_vc_journal_entries/migration.sql", import.meta.url), "utf8");
    const move = /^INSERT INTO "VcJournalEntry"[\s\S]*?;$/m.exec(migration)?.[0];
    expect(move).toContain(`FROM "LedgerJournal" j`);
    await getDb().$transaction([
      getDb().$executeRaw`ALTER TABLE "LedgerJournal" ADD COLUMN "entry" TEXT`,
      getDb().$executeRaw`ALTER TABLE "LedgerJournal" DISABLE TRIGGER USER`,
      getDb().$executeRaw`UPDATE "LedgerJournal" j SET "entry" = e."entry" FROM "VcJournalEntry" e WHERE e."journalId" = j."id"`,
      getDb().$executeRaw`ALTER TABLE "LedgerJournal" ENABLE TRIGGER USER`,
      getDb().$executeRaw`ALTER TABLE "VcJournalEntry" DISABLE TRIGGER USER`,
      getDb().$executeRaw`DELETE FROM "VcJournalEntry" WHERE "currencyId" = ${currencyId}`,
      getDb().$executeRawUnsafe(move!.replace(`WHERE j."asset" LIKE 'vc:%'`, `WHERE j."asset" = '${vcAsset(currencyId)}'`)),
      getDb().$executeRaw`ALTER TABLE "VcJournalEntry" ENABLE TRIGGER USER`,
      getDb().$executeRaw`ALTER TABLE "LedgerJournal" DROP COLUMN "entry"`,
    ]);
    expect(await entriesOf(currencyId)).toEqual(written);
    expect(await checkVcJournalEntries(getDb(), { asset: vcAsset(currencyId), environment: "test" })).toEqual([]);
  });

  it("a USDC journal has none: no API lists it as a VC journal entry", async () => {
    const { headers, currencyId, users } = await makeVcGame({ players: 1 });
    await fund(headers, currencyId, users[0], 1);
    const [usdc] = await postJournals(getDb(), [
      {
        asset: USDC_ASSET,
        environment: "test",
        tenantId: `biz_${currencyId}`,
        type: "test_funding",
        postings: [
          { account: testUsdcMint("test"), delta: -5n, description: "minted" },
          { account: businessFundingAccount(`biz_${currencyId}`, "test"), delta: 5n, description: "funded" },
        ],
      },
    ]);
    expect(await getDb().vcJournalEntry.findUnique({ where: { journalId: (usdc as PostedJournal).journalId } })).toBeNull();
    expect(await checkVcJournalEntries(getDb(), { asset: USDC_ASSET, environment: "test" })).toEqual([]);
    const [vc] = await entriesOf(currencyId);
    expect(JSON.parse(vc.entry)).toMatchObject({ type: "credit", postings: [{ deltaUnits: "-1" }, { deltaUnits: "1" }] });
  });
});
