import { describe, expect, it } from "vitest";
import { POST as DEBIT } from "../../app/api/v1/vc/debits/route.ts";
import { POST as BATCH } from "../../app/api/v1/vc/batch/route.ts";
import { call } from "../../tests/support/http.ts";
import { fund, idem, makeVcGame } from "../../tests/support/vc.ts";
import type { GameContext } from "../core/context.ts";
import { JsonText } from "../core/json-text.ts";
import { getDb } from "../db/client.ts";
import { vcAsset } from "../ledger/accounts.ts";
import { listJournals } from "./list-journals.ts";
import { JournalList } from "./schemas.ts";
import { serializeJournal } from "./serialize-journal.ts";

// Descriptions JSON must escape, and text it must keep as is.
const REASONS = ['a "quoted" word', "back\\slash", "line\nbreak\ttab", "émoji 🎮 ünïcode", "</script><b>", "\u0001\u001f control"];

const ctxOf = (gameId: string, environment: "test" | "live" = "test"): GameContext =>
  ({ db: getDb(), environment, principal: { kind: "server", gameId }, requestId: "req_test" }) as unknown as GameContext;

/** The page as the portal and the old path wrote it: rows read by Prisma, serializeJournal, JSON. */
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

describe("listJournals (the page written as JSON by PostgreSQL)", () => {
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
    // three journals at the same millisecond: ordered by id, newest (largest) first. The ledger is append-only
    // (a trigger); this file's own database lets the test move three dates with the trigger off.
    await getDb().$transaction([
      getDb().$executeRaw`ALTER TABLE "LedgerJournal" DISABLE TRIGGER USER`,
      getDb().$executeRaw`UPDATE "LedgerJournal" SET "createdAt" = '2026-03-04 05:06:07.089' WHERE "id" IN (
        SELECT "id" FROM "LedgerJournal" WHERE "asset" = ${vcAsset(currencyId)} ORDER BY "id" LIMIT 3)`,
      getDb().$executeRaw`ALTER TABLE "LedgerJournal" ENABLE TRIGGER USER`,
    ]);

    const total = 2 + REASONS.length + 1;
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
    expect(first.items.filter((j) => (j as { createdAt: string }).createdAt === "2026-03-04T05:06:07.089Z")).toHaveLength(3);

    const mine = parsed(await listJournals(ctxOf(game.id), { currencyId, userRef: users[2], page: 1, limit: 50 }));
    expect(mine.items).toEqual(await expectedPage(currencyId, { skip: 0, take: 50, ownerRef: users[2] }));
    expect(mine.items).toHaveLength(1);
    expect(mine.pagination.totalCount).toBe(1);
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
