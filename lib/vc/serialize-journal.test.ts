import { describe, expect, it } from "vitest";
import { breakdownOf, serializeJournal } from "./serialize-journal";
import type { AccountSpec } from "../ledger/types";

const pool: AccountSpec = { kind: "pool", ownerRef: "c1", address: "0xpool", allowNegative: true };
const user = (ownerRef: string): AccountSpec => ({ kind: "user", ownerRef, address: "0xu", allowNegative: false });

describe("breakdownOf", () => {
  it("maps each posting to participant, direction, userRef (players only) and an unsigned amount", () => {
    expect(
      breakdownOf([
        { account: pool, delta: -7n, description: "out" },
        { account: user("u1"), delta: 7n, description: "in" },
      ]),
    ).toEqual([
      { participant: "pool", direction: "debit", amountUnits: "7", description: "out" },
      { participant: "user", direction: "credit", userRef: "u1", amountUnits: "7", description: "in" },
    ]);
  });
});

describe("serializeJournal", () => {
  it("orders postings by id and shows the pool by address (whichever slot) and players by userRef, deltas signed", () => {
    const createdAt = new Date("2026-01-02T03:04:05.678Z");
    const account = (kind: string, ownerRef: string, address: string) => ({
      id: ownerRef,
      asset: "vc:c1",
      environment: "test" as const,
      kind,
      ownerRef,
      address,
      allowNegative: kind === "pool",
      slot: kind === "pool" ? 7 : 0,
      balance: 0n,
      createdAt,
      updatedAt: createdAt,
    });
    const posting = (id: string, delta: bigint, acc: ReturnType<typeof account>) => ({
      id,
      journalId: "j",
      accountId: acc.id,
      delta,
      description: "d",
      createdAt,
      account: acc,
    });
    const row = {
      id: "j",
      asset: "vc:c1",
      environment: "test" as const,
      tenantId: "g",
      type: "credit",
      reference: null,
      metadata: null,
      createdAt,
      postings: [posting("b", 5n, account("user", "u1", "0xu")), posting("a", -5n, account("pool", "c1", "0xpool"))],
    };
    expect(serializeJournal(row)).toEqual({
      _id: "j",
      type: "credit",
      createdAt: "2026-01-02T03:04:05.678Z",
      postings: [
        { account: { type: "pool", address: "0xpool" }, deltaUnits: "-5", description: "d" },
        { account: { type: "user", userRef: "u1" }, deltaUnits: "5", description: "d" },
      ],
    });
  });
});
