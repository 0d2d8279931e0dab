// Helpers for the virtual-currency tests: a game with a currency and linked players, calls with fresh
// Idempotency-Keys, and a snapshot of everything a VC call can change (to assert "nothing changed").
import { randomUUID } from "node:crypto";
import { getDb } from "../../lib/db/client.ts";
import { vcAsset } from "../../lib/ledger/accounts.ts";
import { POST as createCurrencyRoute } from "../../app/api/v1/vc/currencies/route.ts";
import { POST as creditRoute } from "../../app/api/v1/vc/credits/route.ts";
import { call } from "./http.ts";
import { linkUser, makeGame } from "./fixtures.ts";

/** Headers with a new Idempotency-Key. */
export const idem = (headers: Record<string, string>, key: string = randomUUID()) => ({ ...headers, "idempotency-key": key });

let codes = 0;
/** A game with one currency and `players` linked players. */
export const makeVcGame = async ({ players = 2, baseUnitsPerVcUnit }: { players?: number; baseUnitsPerVcUnit?: string } = {}) => {
  const g = await makeGame();
  const res = await call(createCurrencyRoute, {
    headers: idem(g.headers),
    body: { code: `GEM${++codes}`, name: "Gems", ...(baseUnitsPerVcUnit ? { baseUnitsPerVcUnit } : {}) },
  });
  if (res.status !== 201) throw new Error(`currency create failed: ${res.text}`);
  const currencyId: string = res.body.currency._id;
  const users: string[] = [];
  for (let i = 0; i < players; i++) users.push(await linkUser(g.game.id));
  return { ...g, currencyId, users };
};

/** Credits `amount` units to a player through the API. */
export const fund = async (headers: Record<string, string>, currencyId: string, userRef: string, amount: bigint | number) => {
  const res = await call(creditRoute, { headers: idem(headers), body: { currencyId, userRef, amountUnits: String(amount), orderId: `fund-${randomUUID()}` } });
  if (res.status !== 201) throw new Error(`fund failed: ${res.text}`);
  return res.body;
};

/** Balances, journal and posting counts and cashout rows of a currency: equal snapshots mean nothing changed. */
export const vcSnapshot = async (currencyId: string) => {
  const db = getDb();
  const asset = vcAsset(currencyId);
  const accounts = await db.ledgerAccount.findMany({ where: { asset }, orderBy: { id: "asc" }, select: { kind: true, ownerRef: true, balance: true } });
  const journals = await db.ledgerJournal.count({ where: { asset } });
  const postings = await db.ledgerPosting.count({ where: { account: { asset } } });
  const cashouts = await db.cashoutRequest.findMany({ where: { currencyId }, orderBy: { id: "asc" }, select: { id: true, status: true, journalId: true } });
  return { accounts, journals, postings, cashouts };
};

/** The balance of a player (0 when no account). */
export const balanceOf = async (currencyId: string, userRef: string): Promise<bigint> => {
  const row = await getDb().ledgerAccount.findFirst({ where: { asset: vcAsset(currencyId), kind: "user", ownerRef: userRef } });
  return row?.balance ?? 0n;
};

/** The pool's balance: the sum of its slot rows (minus the units in circulation). */
export const poolBalanceOf = async (currencyId: string): Promise<bigint> => {
  const { _sum } = await getDb().ledgerAccount.aggregate({ where: { asset: vcAsset(currencyId), kind: "pool" }, _sum: { balance: true } });
  return _sum.balance ?? 0n;
};
