// The portal's money pages against PostgreSQL, as their pages and server actions call them (ctx = the
// database and the signed-in player): currencies (created and re-rated through the API's schemas and
// services), the ledger explorer (filters, cursor pages, balanced postings), a player's ledger, the cashout
// review queue (finance decides, a developer may not, a double approval acts once) and the players search.
// Every action: a role that may not use it gets 403 PORTAL_ROLE_REQUIRED with nothing changed, another
// business's member 404 with nothing changed, nobody signed in 401.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as requestCashoutRoute } from "@/app/api/v1/vc/cashouts/route";
import { POST as createCurrencyRoute } from "@/app/api/v1/vc/currencies/route";
import { POST as debitRoute } from "@/app/api/v1/vc/debits/route";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { issueApiKey } from "@/lib/tenants/issue-api-key";
import { linkUser } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { as, makePortalTenant } from "@/tests/support/portal";
import { makeProductRow } from "@/tests/support/purchases";
import { vcAsset } from "@/lib/ledger/accounts";
import { balanceOf, fund, idem, poolBalanceOf, vcSnapshot } from "@/tests/support/vc";
import { approvePortalCashout } from "./approve-portal-cashout";
import { createPortalCurrency } from "./create-portal-currency";
import { listLedgerJournals } from "./list-ledger-journals";
import { listPortalCashouts } from "./list-portal-cashouts";
import { loadLedgerCurrencies } from "./load-ledger-currencies";
import { loadLedgerPlayer } from "./load-ledger-player";
import { loadPortalPlayer } from "./load-portal-player";
import { rejectPortalCashout } from "./reject-portal-cashout";
import { searchPortalPlayers } from "./search-portal-players";
import { setCurrencyRate } from "./set-currency-rate";

const db = getDb();

let n = 0;
/** A business with a game, its server key, a currency (rate 2500) and two linked players funded 100 and 40; a member of each role; a stranger administers another business with its own game, currency and player. */
const tenant = async () => {
  const t = await makePortalTenant();
  const { game, otherGame } = t;
  const headersOf = async (gameId: string) => {
    const { rawKey } = await issueApiKey({ db }, { kind: "server", environment: "test", gameId });
    return { authorization: `Bearer ${rawKey}`, "x-game-id": gameId };
  };
  const headers = await headersOf(game.id);
  const otherHeaders = await headersOf(otherGame.id);
  const currencyOf = async (h: Record<string, string>, code: string) => {
    const res = await call(createCurrencyRoute, { headers: idem(h), body: { code, name: "Gems", baseUnitsPerVcUnit: "2500" } });
    expect(res.status).toBe(201);
    return res.body.currency._id as string;
  };
  const currencyId = await currencyOf(headers, `GEM${++n}`);
  const otherCurrencyId = await currencyOf(otherHeaders, `GEM${++n}`);
  const tagged = `alice-${randomUUID().slice(0, 8)}@example.com`;
  const alice = await linkUser(game.id, { email: tagged });
  const bob = await linkUser(game.id);
  const carol = await linkUser(otherGame.id);
  await fund(headers, currencyId, alice, 100);
  await fund(headers, currencyId, bob, 40);
  await fund(otherHeaders, otherCurrencyId, carol, 10);
  return { ...t, headers, otherHeaders, currencyOf, currencyId, otherCurrencyId, alice, aliceEmail: tagged, bob, carol };
};

const requestCashout = async (headers: Record<string, string>, currencyId: string, userRef: string, units: string) => {
  const res = await call(requestCashoutRoute, { headers: idem(headers), body: { currencyId, userRef, units } });
  expect(res.status).toBe(201);
  return res.body.cashoutRequestId as string;
};

const auditOf = (businessId: string) =>
  db.auditEntry.findMany({
    where: { businessId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { action: true, actorType: true, actorId: true, objectId: true, details: true },
  });

const ROLE_REFUSED = { code: "PORTAL_ROLE_REQUIRED", status: 403 };
const STRANGER = { code: "BUSINESS_NOT_FOUND", status: 404 };
const SIGNED_OUT = { code: "ADMIN_SIGN_IN_REQUIRED", status: 401 };

describe("currencies", () => {
  it("lists each game's currencies with the pool's balance and pending cashouts", async () => {
    const t = await tenant();
    await requestCashout(t.headers, t.currencyId, t.alice, "30");
    const page = await loadLedgerCurrencies(as(t.viewer), { businessId: t.business.id, environment: "test" });
    expect(page.games).toHaveLength(1);
    expect(page.games[0]).toMatchObject({ id: t.game.id, name: "Main game" });
    expect(page.games[0]!.currencies).toEqual([
      expect.objectContaining({
        _id: t.currencyId,
        name: "Gems",
        status: "active",
        baseUnitsPerVcUnit: "2500",
        pool: expect.objectContaining({ balanceUnits: "-140", inCirculationUnits: "140" }),
        pendingCashouts: 1,
      }),
    ]);
    expect((await loadLedgerCurrencies(as(t.finance), { businessId: t.business.id, environment: "live" })).games).toEqual([]);
    await expect(loadLedgerCurrencies(as(t.stranger), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject(STRANGER);
    await expect(loadLedgerCurrencies(as(null), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject(SIGNED_OUT);
  });

  it("creates a currency with the API's schema and service (code upper-cased, default rate), audited; refuses what the API refuses", async () => {
    const t = await tenant();
    const base = { businessId: t.business.id, gameId: t.game.id };
    const made = await createPortalCurrency(as(t.developer), { ...base, code: " coins ", name: "Coins", baseUnitsPerVcUnit: "" });
    expect(made).toMatchObject({ code: "COINS", name: "Coins", status: "active", baseUnitsPerVcUnit: "10000" });
    expect(await poolBalanceOf(made._id)).toBe(0n);
    expect(await db.ledgerAccount.count({ where: { asset: `vc:${made._id}`, kind: "pool" } })).toBeGreaterThan(0);
    const rated = await createPortalCurrency(as(t.admin), { ...base, code: "STARS", name: "Stars", baseUnitsPerVcUnit: "0002500" });
    expect(rated.baseUnitsPerVcUnit).toBe("2500");
    expect(await auditOf(t.business.id)).toEqual([
      {
        action: "currency.created",
        actorType: "member",
        actorId: t.developer.email,
        objectId: made._id,
        details: { gameId: t.game.id, code: "COINS", name: "Coins", baseUnitsPerVcUnit: "10000" },
      },
      {
        action: "currency.created",
        actorType: "member",
        actorId: t.admin.email,
        objectId: rated._id,
        details: { gameId: t.game.id, code: "STARS", name: "Stars", baseUnitsPerVcUnit: "2500" },
      },
    ]);

    await expect(createPortalCurrency(as(t.developer), { ...base, code: "coins", name: "Again", baseUnitsPerVcUnit: "" })).rejects.toMatchObject({
      code: "CURRENCY_CODE_TAKEN",
      status: 409,
    });
    await expect(createPortalCurrency(as(t.developer), { ...base, code: "1X", name: "Bad", baseUnitsPerVcUnit: "" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      status: 400,
      details: [expect.objectContaining({ field: "code" })],
    });
    await expect(createPortalCurrency(as(t.developer), { ...base, code: "OK", name: "", baseUnitsPerVcUnit: "0" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [expect.objectContaining({ field: "name" }), expect.objectContaining({ field: "baseUnitsPerVcUnit" })],
    });
    await expect(createPortalCurrency(as(t.developer), { ...base, code: "BIG", name: "Big", baseUnitsPerVcUnit: "1000000000001" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
    });
    const count = await db.virtualCurrency.count({ where: { gameId: t.game.id } });
    for (const who of [t.finance, t.viewer])
      await expect(createPortalCurrency(as(who), { ...base, code: "NOPE", name: "Nope", baseUnitsPerVcUnit: "" })).rejects.toMatchObject(ROLE_REFUSED);
    await expect(createPortalCurrency(as(t.stranger), { ...base, code: "NOPE", name: "Nope", baseUnitsPerVcUnit: "" })).rejects.toMatchObject(STRANGER);
    await expect(
      createPortalCurrency(as(t.stranger), { businessId: t.other.id, gameId: t.game.id, code: "NOPE", name: "Nope", baseUnitsPerVcUnit: "" }),
    ).rejects.toMatchObject({ code: "GAME_NOT_FOUND", status: 404 });
    await expect(createPortalCurrency(as(null), { ...base, code: "NOPE", name: "Nope", baseUnitsPerVcUnit: "" })).rejects.toMatchObject(SIGNED_OUT);
    expect(await db.virtualCurrency.count({ where: { gameId: t.game.id } })).toBe(count);
    expect(await auditOf(t.business.id)).toHaveLength(2);
  });

  it("changes the cashout rate; a request made before keeps the rate it captured, a new one takes the new rate", async () => {
    const t = await tenant();
    const before = await requestCashout(t.headers, t.currencyId, t.alice, "10");
    expect(await setCurrencyRate(as(t.developer), { businessId: t.business.id, currencyId: t.currencyId, baseUnitsPerVcUnit: " 5000 " })).toMatchObject({
      _id: t.currencyId,
      baseUnitsPerVcUnit: "5000",
    });
    const after = await requestCashout(t.headers, t.currencyId, t.alice, "10");
    expect(await approvePortalCashout(as(t.finance), { businessId: t.business.id, cashoutRequestId: before })).toMatchObject({
      usedBaseUnitsPerVcUnit: "2500",
      convertedBaseUnits: "25000",
    });
    expect(await approvePortalCashout(as(t.finance), { businessId: t.business.id, cashoutRequestId: after })).toMatchObject({
      usedBaseUnitsPerVcUnit: "5000",
      convertedBaseUnits: "50000",
    });
    expect((await auditOf(t.business.id))[0]).toMatchObject({
      action: "currency.rate_changed",
      actorId: t.developer.email,
      objectId: t.currencyId,
      details: expect.objectContaining({ from: "2500", to: "5000" }),
    });

    const rate = async () => (await db.virtualCurrency.findUniqueOrThrow({ where: { id: t.currencyId } })).baseUnitsPerVcUnit;
    for (const bad of ["0", "-1", "1.5", "abc", ""])
      await expect(setCurrencyRate(as(t.developer), { businessId: t.business.id, currencyId: t.currencyId, baseUnitsPerVcUnit: bad })).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
        details: [expect.objectContaining({ field: "baseUnitsPerVcUnit" })],
      });
    await expect(setCurrencyRate(as(t.finance), { businessId: t.business.id, currencyId: t.currencyId, baseUnitsPerVcUnit: "1" })).rejects.toMatchObject(
      ROLE_REFUSED,
    );
    await expect(setCurrencyRate(as(t.viewer), { businessId: t.business.id, currencyId: t.currencyId, baseUnitsPerVcUnit: "1" })).rejects.toMatchObject(
      ROLE_REFUSED,
    );
    await expect(setCurrencyRate(as(t.stranger), { businessId: t.business.id, currencyId: t.currencyId, baseUnitsPerVcUnit: "1" })).rejects.toMatchObject(
      STRANGER,
    );
    await expect(setCurrencyRate(as(t.stranger), { businessId: t.other.id, currencyId: t.currencyId, baseUnitsPerVcUnit: "1" })).rejects.toMatchObject({
      code: "CURRENCY_NOT_FOUND",
      status: 404,
    });
    await expect(setCurrencyRate(as(t.developer), { businessId: t.business.id, currencyId: t.otherCurrencyId, baseUnitsPerVcUnit: "1" })).rejects.toMatchObject(
      { code: "CURRENCY_NOT_FOUND" },
    );
    await expect(setCurrencyRate(as(null), { businessId: t.business.id, currencyId: t.currencyId, baseUnitsPerVcUnit: "1" })).rejects.toMatchObject(SIGNED_OUT);
    expect(await rate()).toBe("5000");
    expect((await db.virtualCurrency.findUniqueOrThrow({ where: { id: t.otherCurrencyId } })).baseUnitsPerVcUnit).toBe("2500");
  });
});

describe("the ledger explorer", () => {
  it("lists the business's journals newest first with balanced postings, filtered by game, currency, type, player and days", async () => {
    const t = await tenant();
    const debit = await call(debitRoute, {
      headers: idem(t.headers),
      body: { currencyId: t.currencyId, userRef: t.alice, amountUnits: "15", reason: "Sword" },
    });
    expect(debit.status).toBe(201);
    const list = (filter: Record<string, unknown> = {}, who = t.viewer) =>
      listLedgerJournals(as(who), { businessId: t.business.id, environment: "test", filter });

    const all = await list();
    expect(all.invalid).toEqual([]);
    expect(all.items.map((j) => j.type)).toEqual(["debit", "credit", "credit"]);
    expect(all.items.every((j) => j.sumUnits === "0" && j.postings.reduce((s, p) => s + BigInt(p.deltaUnits), 0n) === 0n)).toBe(true);
    expect(all.items[0]).toMatchObject({
      game: { id: t.game.id, name: "Main game" },
      currency: { id: t.currencyId, name: "Gems" },
      postings: [
        { account: { type: "user", userRef: t.alice }, deltaUnits: "-15", description: "Sword" },
        { account: { type: "pool", address: expect.any(String) }, deltaUnits: "15", description: "Sword" },
      ],
    });
    expect(all.items[2]!.postings.map((p) => p.deltaUnits)).toEqual(["-100", "100"]);
    // nothing of the other business
    expect(all.items.some((j) => j.game.id === t.otherGame.id)).toBe(false);
    expect(all.options).toMatchObject({ games: [{ id: t.game.id, name: "Main game" }], types: ["credit", "debit"] });

    expect((await list({ type: "credit" })).items.map((j) => j.postings[1]!.deltaUnits)).toEqual(["40", "100"]);
    expect((await list({ userRef: t.bob })).items.map((j) => j.type)).toEqual(["credit"]);
    expect((await list({ userRef: t.alice, type: "debit" })).items).toHaveLength(1);
    expect((await list({ gameId: t.game.id, currencyId: t.currencyId })).items).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await list({ from: today, to: today })).items).toHaveLength(3);
    expect((await list({ from: tomorrow })).items).toHaveLength(0);
    expect((await list({ to: "2020-01-01" })).items).toHaveLength(0);

    // cursor pages of 2: every journal once, in order
    const first = await list({ limit: "2" });
    expect(first.items.map((j) => j._id)).toEqual(all.items.slice(0, 2).map((j) => j._id));
    const second = await list({ limit: "2", cursor: first.nextCursor });
    expect(second.items.map((j) => j._id)).toEqual([all.items[2]!._id]);
    expect(second.nextCursor).toBeNull();

    // filters that do not parse are reported, not applied
    const bad = await list({ from: "2026-13-40", limit: "500" });
    expect(bad.invalid.map((i) => i.field).sort()).toEqual(["from", "limit"]);
    expect(bad.items).toHaveLength(3);
    expect((await list({ from: "2026-02-02", to: "2026-02-01" })).invalid).toEqual([{ field: "to", message: "must not be before the start date" }]);
    expect((await list({ cursor: "nope" })).invalid).toEqual([expect.objectContaining({ field: "cursor" })]);

    // another business's game, currency or player is a 404; every role that reads the ledger may; strangers and the signed-out may not
    await expect(list({ gameId: t.otherGame.id })).rejects.toMatchObject({ code: "GAME_NOT_FOUND", status: 404 });
    await expect(list({ currencyId: t.otherCurrencyId })).rejects.toMatchObject({ code: "CURRENCY_NOT_FOUND", status: 404 });
    await expect(list({ userRef: t.carol })).rejects.toMatchObject({ code: "USER_REF_NOT_FOUND", status: 404 });
    for (const who of [t.finance, t.developer, t.owner]) expect((await list({}, who)).items).toHaveLength(3);
    await expect(list({}, t.stranger)).rejects.toMatchObject(STRANGER);
    await expect(listLedgerJournals(as(null), { businessId: t.business.id, environment: "test", filter: {} })).rejects.toMatchObject(SIGNED_OUT);
  });

  it("merges the game's currencies newest first, page after page; a player's journals of every currency; the chosen type is a choice", async () => {
    const t = await tenant();
    const second = await t.currencyOf(t.headers, `GEM${++n}`);
    await fund(t.headers, second, t.alice, 7);
    await fund(t.headers, t.currencyId, t.bob, 3);
    await fund(t.headers, second, t.bob, 9);
    const list = (filter: Record<string, unknown> = {}) => listLedgerJournals(as(t.viewer), { businessId: t.business.id, environment: "test", filter });
    // what the page must show: every journal of the two currencies, newest first, ties by id
    const expected = (
      await db.ledgerJournal.findMany({
        where: { tenantId: t.game.id, asset: { in: [vcAsset(t.currencyId), vcAsset(second)] } },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { id: true, asset: true },
      })
    ).map((j) => j.id);
    expect(expected).toHaveLength(5);
    const all = await list();
    expect(all.items.map((j) => j._id)).toEqual(expected);
    expect(all.items.map((j) => [j.currency.id, j.postings[1]!.deltaUnits])).toEqual([
      [second, "9"],
      [t.currencyId, "3"],
      [second, "7"],
      [t.currencyId, "40"],
      [t.currencyId, "100"],
    ]);
    // pages of 3, 1 and 1 walk the same list once, across both currencies
    const seen: string[] = [];
    let cursor: string | null = null;
    for (const limit of ["3", "1", "1"]) {
      const page = await list({ limit, ...(cursor ? { cursor } : {}) });
      expect(page.invalid).toEqual([]);
      seen.push(...page.items.map((j) => j._id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(expected);
    expect(cursor).toBeNull();
    expect((await list({ currencyId: second })).items.map((j) => j.postings[1]!.deltaUnits)).toEqual(["9", "7"]);
    expect((await list({ userRef: t.bob })).items.map((j) => [j.currency.id, j.postings[1]!.deltaUnits])).toEqual([
      [second, "9"],
      [t.currencyId, "3"],
      [t.currencyId, "40"],
    ]);
    expect((await list({ userRef: t.bob, currencyId: second, limit: "1" })).nextCursor).toBeNull();
    // a type no recent journal has is still offered once chosen, and matches nothing
    const cashouts = await list({ type: "cashout" });
    expect(cashouts.items).toEqual([]);
    expect(cashouts.options.types).toEqual(["cashout", "credit"]);
    expect(all.options.types).toEqual(["credit"]);
  });

  it("shows a player's balances and history; another business's player is a 404", async () => {
    const t = await tenant();
    const page = await loadLedgerPlayer(as(t.finance), { businessId: t.business.id, userRef: t.alice, filter: {} });
    expect(page.player).toMatchObject({ userRef: t.alice, email: t.aliceEmail, status: "active", environment: "test" });
    expect(page.game).toEqual({ id: t.game.id, name: "Main game" });
    expect(page.balances).toEqual([{ currency: { id: t.currencyId, code: expect.stringMatching(/^GEM/), name: "Gems" }, balanceUnits: "100" }]);
    expect(page.history.items.map((j) => [j.type, j.postings[0]!.deltaUnits])).toEqual([["credit", "-100"]]);
    await expect(loadLedgerPlayer(as(t.finance), { businessId: t.business.id, userRef: t.carol, filter: {} })).rejects.toMatchObject({
      code: "USER_REF_NOT_FOUND",
      status: 404,
    });
    await expect(loadLedgerPlayer(as(t.stranger), { businessId: t.business.id, userRef: t.alice, filter: {} })).rejects.toMatchObject(STRANGER);
    await expect(loadLedgerPlayer(as(null), { businessId: t.business.id, userRef: t.alice, filter: {} })).rejects.toMatchObject(SIGNED_OUT);
  });
});

describe("the cashout review queue", () => {
  it("lists pending requests oldest first with player, amount, currency and rate; decided ones by status", async () => {
    const t = await tenant();
    const first = await requestCashout(t.headers, t.currencyId, t.alice, "30");
    const second = await requestCashout(t.headers, t.currencyId, t.bob, "40");
    await requestCashout(t.otherHeaders, t.otherCurrencyId, t.carol, "5");
    const q = await listPortalCashouts(as(t.viewer), { businessId: t.business.id, environment: "test" });
    expect(q.status).toBe("pendingReview");
    expect(q.total).toBe(2);
    expect(q.items.map((c) => c._id)).toEqual([first, second]);
    expect(q.items[0]).toMatchObject({
      userRef: t.alice,
      email: t.aliceEmail,
      unitsRequested: "30",
      status: "pendingReview",
      requestedRate: { baseUnitsPerVcUnit: "2500", capturedAt: expect.any(String) },
      currency: { name: "Gems" },
      game: { id: t.game.id, name: "Main game" },
      decidedAt: null,
    });
    await rejectPortalCashout(as(t.finance), { businessId: t.business.id, cashoutRequestId: second, reason: "Suspicious" });
    const rejected = await listPortalCashouts(as(t.viewer), { businessId: t.business.id, environment: "test", status: "rejected" });
    expect(rejected.items).toEqual([
      expect.objectContaining({ _id: second, status: "rejected", rejectionReason: "Suspicious", decidedAt: expect.any(String) }),
    ]);
    expect((await listPortalCashouts(as(t.viewer), { businessId: t.business.id, environment: "test", status: "all" })).items.map((c) => c._id)).toEqual([
      second,
      first,
    ]);
    // the queue after a decision names the decided request (only a decided one of this business)
    const after = (decidedId: string) => listPortalCashouts(as(t.viewer), { businessId: t.business.id, environment: "test", decidedId });
    expect((await after(second)).decided).toMatchObject({ _id: second, status: "rejected", rejectionReason: "Suspicious" });
    expect((await after(second)).items.map((c) => c._id)).toEqual([first]);
    expect((await after(first)).decided).toBeNull();
    expect((await after("nope")).decided).toBeNull();
    await expect(listPortalCashouts(as(t.viewer), { businessId: t.business.id, environment: "test", gameId: t.otherGame.id })).rejects.toMatchObject({
      code: "GAME_NOT_FOUND",
    });
    await expect(listPortalCashouts(as(t.stranger), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject(STRANGER);
    await expect(listPortalCashouts(as(null), { businessId: t.business.id, environment: "test" })).rejects.toMatchObject(SIGNED_OUT);
  });

  it("finance approves: the units move to the pool in one balanced journal, audited; a double approval acts once", async () => {
    const t = await tenant();
    const id = await requestCashout(t.headers, t.currencyId, t.alice, "30");
    const results = await Promise.allSettled([
      approvePortalCashout(as(t.finance), { businessId: t.business.id, cashoutRequestId: id }),
      approvePortalCashout(as(t.finance), { businessId: t.business.id, cashoutRequestId: id }),
    ]);
    const ok = results.filter((r) => r.status === "fulfilled");
    expect(ok).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { code: "CASHOUT_NOT_PENDING", status: 409 } });
    const result = (ok[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof approvePortalCashout>>>).value;
    expect(result).toEqual({ transactionId: expect.any(String), usedBaseUnitsPerVcUnit: "2500", convertedBaseUnits: "75000" });
    expect(await balanceOf(t.currencyId, t.alice)).toBe(70n);
    expect(await poolBalanceOf(t.currencyId)).toBe(-110n);
    const journal = await db.ledgerJournal.findUniqueOrThrow({ where: { id: result.transactionId }, include: { postings: true } });
    expect(journal).toMatchObject({ type: "cashout", reference: id });
    expect(journal.postings.reduce((s, p) => s + p.delta, 0n)).toBe(0n);
    expect(await db.ledgerJournal.count({ where: { asset: `vc:${t.currencyId}`, type: "cashout" } })).toBe(1);
    expect(await db.cashoutRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "approved",
      journalId: result.transactionId,
      convertedBaseUnits: 75000n,
    });
    expect(await auditOf(t.business.id)).toEqual([
      {
        action: "cashout.approved",
        actorType: "member",
        actorId: t.finance.email,
        objectId: id,
        details: { gameId: t.game.id, currencyId: t.currencyId, userRef: t.alice, units: "30", ...result },
      },
    ]);
    // the journal shows in the explorer
    expect((await listLedgerJournals(as(t.viewer), { businessId: t.business.id, environment: "test", filter: { type: "cashout" } })).items).toEqual([
      expect.objectContaining({ _id: result.transactionId, sumUnits: "0" }),
    ]);
    // rejecting it now is refused too
    await expect(rejectPortalCashout(as(t.owner), { businessId: t.business.id, cashoutRequestId: id, reason: "late" })).rejects.toMatchObject({
      code: "CASHOUT_NOT_PENDING",
    });
  });

  it("refuses the roles that may not decide, strangers and the signed-out, with nothing changed; a reason is required", async () => {
    const t = await tenant();
    const id = await requestCashout(t.headers, t.currencyId, t.alice, "30");
    const theirs = await requestCashout(t.otherHeaders, t.otherCurrencyId, t.carol, "5");
    const snapshot = await vcSnapshot(t.currencyId);
    const approve = (who: Parameters<typeof as>[0], cashoutRequestId = id, businessId = t.business.id) =>
      approvePortalCashout(as(who), { businessId, cashoutRequestId });
    const reject = (who: Parameters<typeof as>[0], reason = "No", cashoutRequestId = id) =>
      rejectPortalCashout(as(who), { businessId: t.business.id, cashoutRequestId, reason });
    for (const who of [t.developer, t.viewer]) {
      await expect(approve(who)).rejects.toMatchObject(ROLE_REFUSED);
      await expect(reject(who)).rejects.toMatchObject(ROLE_REFUSED);
    }
    await expect(approve(t.stranger)).rejects.toMatchObject(STRANGER);
    await expect(reject(t.stranger)).rejects.toMatchObject(STRANGER);
    await expect(approve(t.stranger, id, t.other.id)).rejects.toMatchObject({ code: "CASHOUT_NOT_FOUND", status: 404 });
    await expect(approve(t.finance, theirs)).rejects.toMatchObject({ code: "CASHOUT_NOT_FOUND", status: 404 });
    await expect(reject(t.finance, "No", theirs)).rejects.toMatchObject({ code: "CASHOUT_NOT_FOUND", status: 404 });
    await expect(approve(null)).rejects.toMatchObject(SIGNED_OUT);
    await expect(reject(null)).rejects.toMatchObject(SIGNED_OUT);
    await expect(reject(t.finance, "   ")).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: [expect.objectContaining({ field: "reason" })] });
    await expect(reject(t.finance, "x".repeat(501))).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await vcSnapshot(t.currencyId)).toEqual(snapshot);
    expect((await db.cashoutRequest.findUniqueOrThrow({ where: { id: theirs } })).status).toBe("pendingReview");
    expect(await auditOf(t.business.id)).toEqual([]);

    expect(await reject(t.finance, "  Looks like a bot  ")).toEqual({ cashoutRequestId: id, reason: "Looks like a bot" });
    expect(await db.cashoutRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "rejected",
      rejectReason: "Looks like a bot",
      journalId: null,
    });
    expect(await balanceOf(t.currencyId, t.alice)).toBe(100n);
    expect(await auditOf(t.business.id)).toEqual([
      expect.objectContaining({
        action: "cashout.rejected",
        actorId: t.finance.email,
        objectId: id,
        details: { gameId: t.game.id, userRef: t.alice, reason: "Looks like a bot" },
      }),
    ]);
  });
});

describe("players", () => {
  it("finds linked players by userRef or email, exact or prefix, only in the business", async () => {
    const t = await tenant();
    const search = (query: string, who = t.finance) => searchPortalPlayers(as(who), { businessId: t.business.id, environment: "test", query });
    expect((await search(t.alice)).hits).toEqual([
      expect.objectContaining({
        userRef: t.alice,
        email: t.aliceEmail,
        exact: true,
        status: "active",
        namespace: { type: "game", id: t.game.id, name: "Main game" },
      }),
    ]);
    expect((await search(t.aliceEmail.toUpperCase())).hits.map((h) => [h.userRef, h.exact])).toEqual([[t.alice, true]]);
    expect((await search(t.aliceEmail.slice(0, 10))).hits.map((h) => [h.userRef, h.exact])).toEqual([[t.alice, false]]);
    const prefix = (await search(t.alice.slice(0, t.alice.length - 6))).hits.map((h) => h.userRef);
    expect(prefix).toContain(t.alice);
    expect(prefix).not.toContain(t.carol);
    expect((await search(t.carol)).hits).toEqual([]);
    expect(await search("   ")).toMatchObject({ hits: [], invalid: false });
    expect(await search("x".repeat(400))).toMatchObject({ hits: [], invalid: true });
    expect((await searchPortalPlayers(as(t.finance), { businessId: t.business.id, environment: "live", query: t.alice })).hits).toEqual([]);
    await expect(search(t.alice, t.stranger)).rejects.toMatchObject(STRANGER);
    await expect(searchPortalPlayers(as(null), { businessId: t.business.id, environment: "test", query: t.alice })).rejects.toMatchObject(SIGNED_OUT);
  });

  it("shows a player's links, purchases (no delivered key), subscriptions and balances; another business's player is a 404", async () => {
    const t = await tenant();
    const link = await db.playerLink.findUniqueOrThrow({ where: { userRef: t.alice } });
    const product = await makeProductRow(t.game.id, { name: "Sword" });
    await db.purchase.create({
      data: {
        id: newId(),
        gameId: t.game.id,
        environment: "test",
        productId: product.id,
        productType: "purchase",
        playerId: link.playerId,
        userRef: t.alice,
        status: "completed",
        priceInCents: 499,
        deliveredKey: "SECRET-KEY-1",
      },
    });
    const page = await loadPortalPlayer(as(t.viewer), { businessId: t.business.id, userRef: t.alice });
    expect(page.player).toEqual({ email: t.aliceEmail, name: "", environment: "test" });
    expect(page.links).toHaveLength(1);
    expect(page.links[0]).toMatchObject({ userRef: t.alice, status: "active", namespace: { type: "game", id: t.game.id } });
    expect(page.links[0]!.game!.balances).toEqual([{ currency: expect.objectContaining({ id: t.currencyId, name: "Gems" }), balanceUnits: "100" }]);
    expect(page.links[0]!.game!.purchases).toEqual([
      expect.objectContaining({ status: "completed", priceInCents: 499, item: expect.objectContaining({ name: "Sword" }) }),
    ]);
    expect(page.links[0]!.game!.subscriptions).toEqual([]);
    expect(JSON.stringify(page)).not.toContain("SECRET-KEY-1");
    await expect(loadPortalPlayer(as(t.viewer), { businessId: t.business.id, userRef: t.carol })).rejects.toMatchObject({
      code: "USER_REF_NOT_FOUND",
      status: 404,
    });
    await expect(loadPortalPlayer(as(t.viewer), { businessId: t.business.id, userRef: "nobody" })).rejects.toMatchObject({ code: "USER_REF_NOT_FOUND" });
    await expect(loadPortalPlayer(as(t.stranger), { businessId: t.business.id, userRef: t.alice })).rejects.toMatchObject(STRANGER);
    await expect(loadPortalPlayer(as(null), { businessId: t.business.id, userRef: t.alice })).rejects.toMatchObject(SIGNED_OUT);
  });
});
