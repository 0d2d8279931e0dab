import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/transaction";
import { newId } from "@/lib/db/ids";
import { postJournal, postJournals } from "./post-journal";
import { AppError } from "@/lib/core/errors";
import { transfer } from "./transfer";
import { getAccountBalance } from "./get-account-balance";
import { checkLedgerInvariants } from "./check-ledger-invariants";
import { ISSUER_SLOTS } from "./slots";
import { ensureAccounts } from "./ensure-accounts";
import { Prisma } from "@/lib/db/generated/client";
import type { AccountSpec, JournalCompanion, WrittenJournal } from "./types";

const acct = (kind: string, ownerRef: string, allowNegative = false): AccountSpec => ({ kind, ownerRef, address: `0x${"ab".repeat(20)}`, allowNegative });
const scope = () => ({ asset: `test:${newId()}`, environment: "test" as const, tenantId: "tenant" });

/** The asset's books: balances sum to 0, none negative or drifted, every journal balanced and counted. */
const expectBooksBalance = async (s: ReturnType<typeof scope>) =>
  expect(await checkLedgerInvariants(getDb(), s)).toMatchObject({
    sum: 0n,
    negativeAccounts: [],
    driftedAccounts: [],
    unbalancedJournals: [],
    miscountedTenants: [],
  });

describe("postJournal", () => {
  it("creates accounts on first use, moves balances and writes journal and postings", async () => {
    const s = scope();
    const issuer = acct("issuer", "mint", true);
    const alice = acct("user", "alice");
    const posted = await inTransaction(getDb(), (tx) =>
      transfer(tx, { ...s, type: "mint", reference: "r1", metadata: { a: 1 }, from: issuer, to: alice, amount: 150n, description: "mint" }),
    );
    expect(posted.journalId).toMatch(/^[0-9a-f]{24}$/);
    expect(posted.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(posted.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(posted.accounts.find((a) => a.ownerRef === "alice")!.balance).toBe(150n);
    expect((await getAccountBalance(getDb(), { ...s, kind: "user", ownerRef: "alice" })).balance).toBe(150n);
    expect((await getAccountBalance(getDb(), { ...s, kind: "issuer", ownerRef: "mint" })).balance).toBe(-150n);
    const journal = await getDb().ledgerJournal.findUniqueOrThrow({ where: { id: posted.journalId }, include: { postings: { orderBy: { id: "asc" } } } });
    expect(journal).toMatchObject({ type: "mint", reference: "r1", metadata: { a: 1 }, tenantId: "tenant", asset: s.asset });
    expect(journal.postings.map((p) => p.delta)).toEqual([-150n, 150n]);
    await expectBooksBalance(s);
  });

  it("keeps postings in the given order and nets repeated accounts", async () => {
    const s = scope();
    const issuer = acct("issuer", "mint", true);
    const postings = [
      { account: issuer, delta: -60n, description: "out" },
      ...["b", "a", "c", "a"].map((o) => ({ account: acct("user", o), delta: 15n, description: `to ${o}` })),
    ];
    const posted = await inTransaction(getDb(), (tx) => postJournal(tx, { ...s, type: "batch", postings }));
    const rows = await getDb().ledgerPosting.findMany({ where: { journalId: posted.journalId }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.description)).toEqual(["out", "to b", "to a", "to c", "to a"]);
    expect((await getAccountBalance(getDb(), { ...s, kind: "user", ownerRef: "a" })).balance).toBe(30n);
  });

  it("rejects a non-issuer going negative with 422 naming the account, and writes nothing", async () => {
    const s = scope();
    const bob = acct("user", "bob");
    const mint = acct("issuer", "mint", true);
    await inTransaction(getDb(), (tx) => transfer(tx, { ...s, type: "mint", from: mint, to: bob, amount: 10n, description: "m" }));
    const err = await inTransaction(getDb(), (tx) => transfer(tx, { ...s, type: "spend", from: bob, to: mint, amount: 11n, description: "x" })).catch((e) => e);
    expect(err).toMatchObject({ code: "INSUFFICIENT_FUNDS", status: 422 });
    expect(err.message).toBe('User "bob" has 10 units; this operation needs 11.');
    expect((await getAccountBalance(getDb(), { ...s, kind: "user", ownerRef: "bob" })).balance).toBe(10n);
    expect(await getDb().ledgerJournal.count({ where: { asset: s.asset } })).toBe(1);
  });

  it("throws on unbalanced postings before touching the database", async () => {
    const s = scope();
    const err = await postJournal(getDb(), {
      ...s,
      type: "x",
      postings: [
        { account: acct("user", "a"), delta: 5n, description: "" },
        { account: acct("user", "b"), delta: -4n, description: "" },
      ],
    }).catch((e) => e);
    expect(err.message).toMatch(/sum to 1, not zero/);
    expect(await getDb().ledgerAccount.count({ where: { asset: s.asset } })).toBe(0);
  });

  it("serializes concurrent journals on one account: no lost update, no overdraft", async () => {
    const s = scope();
    const mint = acct("issuer", "mint", true);
    const user = acct("user", "hot");
    await inTransaction(getDb(), (tx) => transfer(tx, { ...s, type: "mint", from: mint, to: user, amount: 100n, description: "m" }));
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        inTransaction(getDb(), (tx) =>
          i % 2
            ? transfer(tx, { ...s, type: "spend", from: user, to: mint, amount: 10n, description: "s" })
            : transfer(tx, { ...s, type: "mint", from: mint, to: user, amount: 1n, description: "m" }),
        ),
      ),
    );
    const spent = results.filter((r, i) => i % 2 && r.status === "fulfilled").length;
    const minted = results.filter((r, i) => !(i % 2) && r.status === "fulfilled").length;
    expect(minted).toBe(15);
    expect((await getAccountBalance(getDb(), { ...s, kind: "user", ownerRef: "hot" })).balance).toBe(100n + 15n - 10n * BigInt(spent));
    await expectBooksBalance(s);
  });

  it("spreads an issuer over slot rows that share its address; its balance is their sum; first uses race without deadlock", async () => {
    const s = scope();
    const mint = acct("issuer", "mint", true);
    const users = ["u0", "u1", "u2", "u3"].map((o) => acct("user", o));
    // All accounts are new: concurrent first uses of the players and of the issuer's slots. A root
    // $transaction (not inTransaction) does not retry, so a deadlock would fail the test.
    await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        getDb().$transaction((tx) => transfer(tx, { ...s, type: "mint", from: mint, to: users[i % 4], amount: BigInt(i + 1), description: "m" }), {
          maxWait: 30_000,
          timeout: 30_000,
        }),
      ),
    );
    const rows = await getDb().ledgerAccount.findMany({ where: { asset: s.asset }, orderBy: [{ kind: "asc" }, { slot: "asc" }] });
    const slots = rows.filter((r) => r.kind === "issuer");
    expect(slots.length).toBeGreaterThan(4); // 64 random picks of 16 slots: all on ≤ 4 has odds below 1e-30
    expect(slots.length).toBeLessThanOrEqual(ISSUER_SLOTS);
    expect(new Set(slots.map((r) => r.slot)).size).toBe(slots.length);
    expect(slots.every((r) => r.address === mint.address && r.ownerRef === "mint" && r.allowNegative && r.balance < 0n)).toBe(true);
    expect(rows.filter((r) => r.kind === "user").map((r) => r.slot)).toEqual([0, 0, 0, 0]);
    const minted = (64n * 65n) / 2n;
    expect((await getAccountBalance(getDb(), { ...s, kind: "issuer", ownerRef: "mint" })).balance).toBe(-minted);
    let players = 0n;
    for (const u of users) players += (await getAccountBalance(getDb(), { ...s, kind: "user", ownerRef: u.ownerRef })).balance;
    expect(players).toBe(minted);
    expect(await checkLedgerInvariants(getDb(), s)).toMatchObject({
      sum: 0n,
      journalCount: 64,
      negativeAccounts: [],
      driftedAccounts: [],
      unbalancedJournals: [],
      miscountedTenants: [],
    });
  });

  it("refuses a slot for a non-issuer account (a 500: a caller bug), creating nothing", async () => {
    const s = scope();
    const err = await ensureAccounts(getDb(), { ...s, accounts: [{ ...acct("user", "carol"), slot: 3 }] }).catch((e) => e);
    expect(err.message).toBe("Only an issuer has slots; user carol asked for slot 3.");
    expect(await getDb().ledgerAccount.count({ where: { asset: s.asset } })).toBe(0);
  });

  it("checks a player's funds against the one row that holds them, while the issuer side picks any slot", async () => {
    const s = scope();
    const mint = acct("issuer", "mint", true);
    const bob = acct("user", "bob");
    await inTransaction(getDb(), (tx) => transfer(tx, { ...s, type: "mint", from: mint, to: bob, amount: 40n, description: "m" }));
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        inTransaction(getDb(), (tx) => transfer(tx, { ...s, type: "spend", from: bob, to: mint, amount: 7n, description: "s" })),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(Array(7).fill("INSUFFICIENT_FUNDS"));
    expect((await getAccountBalance(getDb(), { ...s, kind: "user", ownerRef: "bob" })).balance).toBe(5n);
    expect((await getAccountBalance(getDb(), { ...s, kind: "issuer", ownerRef: "mint" })).balance).toBe(-5n);
    await expectBooksBalance(s);
  });

  it("postJournals: a group posts in order against running balances, leaves out a refused journal, and shares one write", async () => {
    const s = scope();
    const mint = acct("issuer", "mint", true);
    const [ann, ben] = [acct("user", "ann"), acct("user", "ben")];
    const move = (from: typeof ann, to: typeof ann, amount: bigint, type: string) => ({
      ...s,
      type,
      postings: [
        { account: from, delta: -amount, description: type },
        { account: to, delta: amount, description: type },
      ],
    });
    const outcomes = await inTransaction(getDb(), (tx) =>
      postJournals(tx, [
        move(mint, ann, 50n, "one"),
        move(ann, ben, 80n, "two"), // ann has 50 by now: refused
        move(ann, ben, 30n, "three"),
        move(mint, ann, 5n, "four"),
      ]),
    );
    expect(outcomes[1]).toBeInstanceOf(AppError);
    expect(outcomes[1]).toMatchObject({ code: "INSUFFICIENT_FUNDS", message: 'User "ann" has 50 units; this operation needs 80.' });
    const posted = outcomes.filter((o) => !(o instanceof AppError));
    const balanceIn = (o: (typeof outcomes)[number], who: string) => (o instanceof AppError ? null : o.accounts.find((a) => a.ownerRef === who)?.balance);
    expect([balanceIn(outcomes[0], "ann"), balanceIn(outcomes[2], "ann"), balanceIn(outcomes[2], "ben"), balanceIn(outcomes[3], "ann")]).toEqual([
      50n,
      20n,
      30n,
      25n,
    ]);
    const journals = await getDb().ledgerJournal.findMany({ where: { asset: s.asset }, include: { postings: true } });
    expect(journals.map((j) => j.type).sort()).toEqual(["four", "one", "three"]);
    expect(new Set(journals.map((j) => j.createdAt.getTime())).size).toBe(1);
    expect(posted.map((p) => (p instanceof AppError ? null : p.createdAt.getTime()))).toEqual(Array(3).fill(journals[0].createdAt.getTime()));
    expect((await getAccountBalance(getDb(), { ...s, kind: "user", ownerRef: "ann" })).balance).toBe(25n);
    expect((await getAccountBalance(getDb(), { ...s, kind: "user", ownerRef: "ben" })).balance).toBe(30n);
    await expectBooksBalance(s);
  });

  it("postJournals: a balance past what a bigint holds refuses that journal with 422, the others post", async () => {
    const s = scope();
    const mint = acct("issuer", "mint", true);
    const cat = acct("user", "cat");
    await inTransaction(getDb(), (tx) => transfer(tx, { ...s, type: "mint", from: mint, to: cat, amount: 1n, description: "m" }));
    await getDb().ledgerAccount.updateMany({ where: { asset: s.asset, kind: "user" }, data: { balance: 2n ** 63n - 2n } });
    const outcomes = await inTransaction(getDb(), (tx) =>
      postJournals(
        tx,
        [1n, 2n, 1n].map((amount) => ({
          ...s,
          type: `+${amount}`,
          postings: [
            { account: mint, delta: -amount, description: "m" },
            { account: cat, delta: amount, description: "m" },
          ],
        })),
      ),
    );
    expect(outcomes.map((o) => (o instanceof AppError ? o.code : "posted"))).toEqual(["posted", "AMOUNT_OUT_OF_RANGE", "AMOUNT_OUT_OF_RANGE"]);
    expect((await getAccountBalance(getDb(), { ...s, kind: "user", ownerRef: "cat" })).balance).toBe(2n ** 63n - 1n);
  });

  it("postJournals refuses a group of two assets (a caller bug)", async () => {
    const [a, b] = [scope(), scope()];
    const j = (s: ReturnType<typeof scope>) => ({
      ...s,
      type: "x",
      postings: [
        { account: acct("issuer", "mint", true), delta: -1n, description: "x" },
        { account: acct("user", "dan"), delta: 1n, description: "x" },
      ],
    });
    await expect(postJournals(getDb(), [j(a), j(b)])).rejects.toThrow(
      `One group of journals must share its asset and environment; got ${b.asset} and ${a.asset}.`,
    );
    expect(await getDb().ledgerJournal.count({ where: { asset: { in: [a.asset, b.asset] } } })).toBe(0);
  });

  it("writes each companion in the journals' statement: once per function, with ids, createdAt and posting ids known", async () => {
    const s = scope();
    await getDb().$executeRawUnsafe(
      `CREATE TABLE IF NOT EXISTS "CompanionProbe" ("journalId" text PRIMARY KEY, "who" text, "at" timestamp(3), "postings" text)`,
    );
    const seen: Record<string, WrittenJournal[][]> = { a: [], b: [] };
    const probe =
      (who: "a" | "b"): JournalCompanion =>
      (journals) => {
        seen[who].push(journals);
        return Prisma.sql`INSERT INTO "CompanionProbe" SELECT t.id, ${who}, t.at::timestamp(3), t.postings
          FROM unnest(${journals.map((j) => j.id)}::text[], ${journals.map((j) => j.createdAt.toISOString())}::text[],
                      ${journals.map((j) => j.postings.map((p) => `${p.id}:${p.delta}`).join(","))}::text[]) AS t(id, at, postings)`;
      };
    const [a, b] = [probe("a"), probe("b")];
    const mint = acct("issuer", "mint", true);
    const journal = (type: string, companion?: JournalCompanion) => ({
      ...s,
      type,
      companion,
      postings: [
        { account: mint, delta: -2n, description: type },
        { account: acct("user", "eve"), delta: 1n, description: type },
        { account: acct("user", "fay"), delta: 1n, description: type },
      ],
    });
    const outcomes = await postJournals(getDb(), [journal("one", a), journal("two", b), journal("three"), journal("four", a)]);
    const posted = outcomes.map((o) => (o instanceof AppError ? expect.fail(o.message) : o));
    expect(seen.a.map((js) => js.map((j) => j.type))).toEqual([["one", "four"]]);
    expect(seen.b.map((js) => js.map((j) => j.type))).toEqual([["two"]]);
    const written = [...seen.a[0], ...seen.b[0]];
    for (const j of written) {
      const p = posted.find((o) => o.journalId === j.id)!;
      expect(j.createdAt).toEqual(p.createdAt);
      expect(j.postings.map((x) => x.id)).toEqual(j.postings.map((x) => x.id).sort());
    }
    const rows = await getDb().$queryRaw<{ journalId: string; who: string; at: Date; postings: string }[]>`
      SELECT * FROM "CompanionProbe" WHERE "journalId" = ANY(${posted.map((p) => p.journalId)}::text[]) ORDER BY "who", "journalId"`;
    expect(rows).toHaveLength(3);
    const journals = await getDb().ledgerJournal.findMany({ where: { asset: s.asset }, include: { postings: { orderBy: { id: "asc" } } } });
    for (const r of rows) {
      const j = journals.find((x) => x.id === r.journalId)!;
      expect(r.at).toEqual(j.createdAt);
      expect(r.postings).toBe(j.postings.map((x) => `${x.id}:${x.delta}`).join(","));
    }
    await expectBooksBalance(s);
  });

  it("a companion that fails writes nothing of its journals (one statement)", async () => {
    const s = scope();
    const failing: JournalCompanion = () => Prisma.sql`INSERT INTO "NoSuchCompanionTable" VALUES (1)`;
    const mint = acct("issuer", "mint", true);
    await expect(
      postJournal(getDb(), {
        ...s,
        type: "x",
        companion: failing,
        postings: [
          { account: mint, delta: -1n, description: "x" },
          { account: acct("user", "gus"), delta: 1n, description: "x" },
        ],
      }),
    ).rejects.toThrow();
    expect(await getDb().ledgerJournal.count({ where: { asset: s.asset } })).toBe(0);
    expect((await getAccountBalance(getDb(), { ...s, kind: "user", ownerRef: "gus" })).balance).toBe(0n);
  });
});
