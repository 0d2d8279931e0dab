import { describe, expect, it } from "vitest";
import { assertFunds, checkPostings, LedgerInvariantError, netByAccount } from "./check-postings";
import type { AccountSpec } from "./types";

const a = (kind: string, ownerRef: string, allowNegative = false): AccountSpec => ({ kind, ownerRef, address: "0x", allowNegative });
const pool = a("pool", "c1", true);
const alice = a("user", "alice");
const bob = a("user", "bob");

describe("checkPostings", () => {
  it("accepts postings that sum to zero", () => {
    expect(() =>
      checkPostings([
        { account: pool, delta: -5n, description: "" },
        { account: alice, delta: 2n, description: "" },
        { account: bob, delta: 3n, description: "" },
      ]),
    ).not.toThrow();
  });
  it("rejects a non-zero sum, a zero posting and a single posting", () => {
    expect(() =>
      checkPostings([
        { account: pool, delta: -5n, description: "" },
        { account: alice, delta: 4n, description: "" },
      ]),
    ).toThrow(/sum to -1, not zero/);
    expect(() =>
      checkPostings([
        { account: pool, delta: 0n, description: "" },
        { account: alice, delta: 0n, description: "" },
      ]),
    ).toThrow(/moves zero/);
    expect(() => checkPostings([{ account: pool, delta: 1n, description: "" }])).toThrow(LedgerInvariantError);
  });
});

describe("netByAccount", () => {
  it("nets repeated accounts and keeps first-seen order", () => {
    const nets = netByAccount([
      { account: alice, delta: -10n, description: "" },
      { account: bob, delta: 4n, description: "" },
      { account: bob, delta: 6n, description: "" },
    ]);
    expect([...nets.values()].map((n) => [n.account.ownerRef, n.net])).toEqual([
      ["alice", -10n],
      ["bob", 10n],
    ]);
  });
  it("keeps a user and a pool with the same ownerRef apart", () => {
    const nets = netByAccount([
      { account: a("pool", "x", true), delta: -1n, description: "" },
      { account: a("user", "x"), delta: 1n, description: "" },
    ]);
    expect(nets.size).toBe(2);
  });
});

describe("assertFunds", () => {
  const nets = netByAccount([
    { account: alice, delta: -10n, description: "" },
    { account: pool, delta: 10n, description: "" },
  ]);
  it("passes when the balance covers the debit, or the account is an issuer", () => {
    expect(() => assertFunds([{ id: "1", kind: "user", ownerRef: "alice", balance: 10n, allowNegative: false }], nets)).not.toThrow();
    const poolOut = netByAccount([
      { account: pool, delta: -10n, description: "" },
      { account: alice, delta: 10n, description: "" },
    ]);
    expect(() => assertFunds([{ id: "1", kind: "pool", ownerRef: "c1", balance: -5n, allowNegative: true }], poolOut)).not.toThrow();
  });
  it("throws 422 INSUFFICIENT_FUNDS naming the account and the amounts", () => {
    let err: unknown;
    try {
      assertFunds([{ id: "1", kind: "user", ownerRef: "alice", balance: 9n, allowNegative: false }], nets);
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ code: "INSUFFICIENT_FUNDS", status: 422, message: 'User "alice" has 9 units; this operation needs 10.' });
  });
  it("uses the unit label and names non-user accounts", () => {
    const out = netByAccount([
      { account: a("campaign", "cmp"), delta: -3n, description: "" },
      { account: alice, delta: 3n, description: "" },
    ]);
    expect(() => assertFunds([{ id: "1", kind: "campaign", ownerRef: "cmp", balance: 1n, allowNegative: false }], out, "USDC micro-units")).toThrow(
      'The campaign account "cmp" has 1 USDC micro-units; this operation needs 3.',
    );
  });
});
