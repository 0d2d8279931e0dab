import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { POST as DEBIT } from "../../app/api/v1/vc/debits/route.ts";
import { POST as BATCH } from "../../app/api/v1/vc/batch/route.ts";
import { call } from "../../tests/support/http.ts";
import { fund, idem, makeVcGame } from "../../tests/support/vc.ts";
import type { GameContext } from "../core/context.ts";
import { JsonText } from "../core/json-text.ts";
import { getDb } from "../db/client.ts";
import { businessFundingAccount, testUsdcMint, USDC_ASSET, vcAsset, vcPool, vcScope, vcUser } from "../ledger/accounts.ts";
import { postJournals } from "../ledger/post-journal.ts";
import type { PostedJournal } from "../ledger/types.ts";
import { listJournals } from "./list-journals.ts";
import { JournalList } from "./schemas.ts";
import { serializeJournal } from "./serialize-journal.ts";
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
  return rows.map(serializeJournal);
};

const parsed = (out: JsonText) => {
  expect(out).toBeInstanceOf(JsonText);
  const value = JSON.parse(out.text);
  expect(JournalList.safeParse(value).success).toBe(true);
  return value as JournalList;
};
type JournalList = { items: unknown[]; pagination: { page: number; limit: number; totalCount: number; totalPages: number } };

describe("listJournals (the entries the ledger stored with its journals)", () => {
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

describe("LedgerJournal.entry (written with each VC journal)", () => {
  it("migration 20261126140000 writes the entries of journals from before it exactly as the ledger writes them", async () => {
    const { headers, currencyId, users } = await makeVcGame({ players: 2 });
    await fund(headers, currencyId, users[0], 50);
    for (const reason of REASONS)
      expect((await call(DEBIT, { headers: idem(headers), body: { currencyId, userRef: users[0], amountUnits: "2", reason } })).status).toBe(201);
    const asset = vcAsset(currencyId);
    const written = await getDb().ledgerJournal.findMany({ where: { asset }, select: { id: true, entry: true }, orderBy: { id: "asc" } });
    expect(written).toHaveLength(1 + REASONS.length);
    // the journals as they were before the migration (this file's own database: the append-only trigger is
    // lifted for the setup), then the migration's own backfill statement
    const migration = readFileSync(new URL("../../prisma/migrations/20261126140000_ledger_journal_entries/migration.sql", import.meta.url), "utf8");
    const backfill = /^UPDATE "LedgerJournal" j[\s\S]*?;$/m.exec(migration)?.[0];
    expect(backfill).toContain("coinop_vc_journal_entry");
    await getDb().$transaction([
      getDb().$executeRaw`ALTER TABLE "LedgerJournal" DISABLE TRIGGER USER`,
      getDb().$executeRaw`UPDATE "LedgerJournal" SET "entry" = NULL WHERE "asset" = ${asset}`,
      getDb().$executeRawUnsafe(backfill!.replace(`WHERE j."asset" LIKE 'vc:%'`, `WHERE j."asset" = '${asset}'`)),
      getDb().$executeRaw`ALTER TABLE "LedgerJournal" ENABLE TRIGGER USER`,
    ]);
    const backfilled = await getDb().ledgerJournal.findMany({ where: { asset }, select: { id: true, entry: true }, orderBy: { id: "asc" } });
    expect(backfilled).toEqual(written);
    expect(backfilled.every((j) => typeof j.entry === "string" && j.entry.startsWith(`{"_id":"${j.id}"`))).toBe(true);
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
    const row = await getDb().ledgerJournal.findUniqueOrThrow({ where: { id: (usdc as PostedJournal).journalId }, select: { entry: true } });
    expect(row.entry).toBeNull();
    const vc = await getDb().ledgerJournal.findFirstOrThrow({ where: { asset: vcAsset(currencyId) }, select: { entry: true } });
    expect(JSON.parse(vc.entry!)).toMatchObject({ type: "credit", postings: [{ deltaUnits: "-1" }, { deltaUnits: "1" }] });
  });
});
