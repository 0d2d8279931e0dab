// Property: any sequence of VC operations (including ones that must fail) leaves the ledger exactly
// where a simple in-memory model says, and keeps the invariants.
import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { POST as CURRENCY } from "./currencies/route";
import { POST as CREDIT } from "./credits/route";
import { POST as DEBIT } from "./debits/route";
import { POST as BATCH } from "./batch/route";
import { POST as REQUEST_CASHOUT } from "./cashouts/route";
import { POST as APPROVE } from "./cashouts/[cashoutRequestId]/approve/route";
import { POST as REJECT } from "./cashouts/[cashoutRequestId]/reject/route";
import { call } from "@/tests/support/http";
import { balanceOf, idem, makeVcGame } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";
import { checkVcLedgerInvariants } from "@/lib/vc/check-vc-journal-entries";
import { vcAsset } from "@/lib/ledger/accounts";

const PLAYERS = 3;
type Op =
  | { kind: "credit"; user: number; amount: number }
  | { kind: "debit"; user: number; amount: number }
  | { kind: "batch"; source: number; recipients: { to: number | "pool"; amount: number }[] }
  | { kind: "request"; user: number; units: number }
  | { kind: "approve"; index: number }
  | { kind: "reject"; index: number };

const user = fc.integer({ min: 0, max: PLAYERS - 1 });
const amount = fc.integer({ min: 1, max: 120 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("credit" as const), user, amount }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("debit" as const), user, amount }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("batch" as const),
      source: user,
      recipients: fc.array(fc.record({ to: fc.oneof(user, fc.constant("pool" as const)), amount }), { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("request" as const), user, units: amount }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("approve" as const), index: fc.nat(3) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reject" as const), index: fc.nat(3) }) },
);
/** Every run starts by crediting each player, so later operations have balances to work on. */
const opening: Op[] = Array.from({ length: PLAYERS }, (_, i) => ({ kind: "credit", user: i, amount: 100 }));

type Model = { balances: bigint[]; cashouts: { id: string; user: number; units: bigint; status: string }[]; journals: number };

let game: Awaited<ReturnType<typeof makeVcGame>>;
beforeAll(async () => {
  game = await makeVcGame({ players: PLAYERS });
});

let runs = 0;
/** Runs one op through the API; checks its status (and result) against the model, then updates the model. */
const step = async (currencyId: string, m: Model, o: Op) => {
  const { headers, users } = game;
  if (o.kind === "credit" || o.kind === "debit") {
    const sign = o.kind === "credit" ? 1n : -1n;
    const ok = m.balances[o.user] + sign * BigInt(o.amount) >= 0n;
    const body = { currencyId, userRef: users[o.user], amountUnits: String(o.amount), ...(o.kind === "credit" ? { orderId: "o" } : { reason: "r" }) };
    const res = await call(o.kind === "credit" ? CREDIT : DEBIT, { headers: idem(headers), body });
    expect(res.status, JSON.stringify(o)).toBe(ok ? 201 : 422);
    if (!ok) return;
    m.balances[o.user] += sign * BigInt(o.amount);
    m.journals++;
    expect(res.body.newBalanceUnits).toBe(String(m.balances[o.user]));
  } else if (o.kind === "batch") {
    const recipients = o.recipients.filter((r) => r.to !== o.source);
    if (recipients.length === 0) return;
    const total = recipients.reduce((s, r) => s + BigInt(r.amount), 0n);
    const ok = m.balances[o.source] >= total;
    const body = {
      currencyId,
      sourceUserRef: users[o.source],
      recipients: recipients.map((r) =>
        r.to === "pool" ? { toPool: true, amountUnits: String(r.amount) } : { userRef: users[r.to], amountUnits: String(r.amount) },
      ),
    };
    const res = await call(BATCH, { headers: idem(headers), body });
    expect(res.status, JSON.stringify(o)).toBe(ok ? 200 : 422);
    if (!ok) return;
    m.balances[o.source] -= total;
    for (const r of recipients) if (r.to !== "pool") m.balances[r.to] += BigInt(r.amount);
    m.journals++;
    expect(res.body.newBalanceUnits).toBe(String(m.balances[o.source]));
  } else if (o.kind === "request") {
    const ok = BigInt(o.units) <= m.balances[o.user];
    const res = await call(REQUEST_CASHOUT, { headers: idem(headers), body: { currencyId, userRef: users[o.user], units: String(o.units) } });
    expect(res.status, JSON.stringify(o)).toBe(ok ? 201 : 422);
    if (ok) m.cashouts.push({ id: res.body.cashoutRequestId, user: o.user, units: BigInt(o.units), status: "pendingReview" });
  } else {
    const c = m.cashouts[o.index];
    if (!c) return;
    const pending = c.status === "pendingReview";
    if (o.kind === "reject") {
      const res = await call(REJECT, { headers: idem(headers), params: { cashoutRequestId: c.id }, body: { reason: "no" } });
      expect(res.status).toBe(pending ? 204 : 409);
      if (pending) c.status = "rejected";
      return;
    }
    const expected = !pending ? 409 : m.balances[c.user] >= c.units ? 200 : 422;
    const res = await call(APPROVE, { headers: idem(headers), params: { cashoutRequestId: c.id } });
    expect(res.status, JSON.stringify(o)).toBe(expected);
    if (expected !== 200) return;
    expect(res.body).toEqual({ transactionId: expect.any(String), usedBaseUnitsPerVcUnit: "10000", convertedBaseUnits: String(c.units * 10000n) });
    c.status = "approved";
    m.balances[c.user] -= c.units;
    m.journals++;
  }
};

describe("VC ledger (property)", () => {
  it("random operation sequences match the model and keep the invariants", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 20, size: "medium" }), async (random) => {
        const ops = [...opening, ...random];
        const created = await call(CURRENCY, { headers: idem(game.headers), body: { code: `P${++runs}`, name: "Prop" } });
        const currencyId: string = created.body.currency._id;
        const model: Model = { balances: Array(PLAYERS).fill(0n), cashouts: [], journals: 0 };
        for (const o of ops) await step(currencyId, model, o);

        for (let i = 0; i < PLAYERS; i++) expect(await balanceOf(currencyId, game.users[i])).toBe(model.balances[i]);
        const audit = await checkVcLedgerInvariants(getDb(), { asset: vcAsset(currencyId), environment: "test" });
        expect(audit).toMatchObject({
          sum: 0n,
          negativeAccounts: [],
          driftedAccounts: [],
          unbalancedJournals: [],
          miscountedTenants: [],
          misstatedJournals: [],
          journalCount: model.journals,
        });
        const statuses = await getDb().cashoutRequest.findMany({ where: { currencyId }, orderBy: { id: "asc" }, select: { id: true, status: true } });
        expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual(Object.fromEntries(model.cashouts.map((c) => [c.id, c.status])));
      }),
      { numRuns: 15 },
    );
  });
});
