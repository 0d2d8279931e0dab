// The operator audit log: newest first, filtered by action and by operator, one page at a time.
import { describe, expect, it } from "vitest";
import { recordOperatorAction } from "@/lib/audit/record-operator-action";
import { getDb } from "@/lib/db/client";
import { listOperatorActions } from "./list-operator-actions";

describe("listOperatorActions", () => {
  it("lists newest first, filters by action and operator, and pages with a cursor", async () => {
    const db = getDb();
    const who = `ops-${Math.random().toString(36).slice(2, 8)}@coinop.test`;
    for (let i = 0; i < 5; i++) {
      await recordOperatorAction(
        { db },
        { operatorEmail: who, action: i % 2 ? "business.activation.approved" : "compliance.moved", objectType: "x", objectId: `o${i}`, reason: `r${i}` },
      );
      await new Promise((r) => setTimeout(r, 5));
    }
    const mine = await listOperatorActions({ db }, { operator: who });
    expect(mine.rows.map((r) => r.objectId)).toEqual(["o4", "o3", "o2", "o1", "o0"]);
    expect(mine.rows[0]).toMatchObject({ operatorEmail: who, action: "compliance.moved", reason: "r4" });
    expect(mine.operators).toContain(who);
    expect(mine.actions).toEqual(expect.arrayContaining(["business.activation.approved", "compliance.moved"]));
    expect((await listOperatorActions({ db }, { operator: who, action: "business.activation.approved" })).rows.map((r) => r.objectId)).toEqual(["o3", "o1"]);
    const first = await listOperatorActions({ db }, { operator: who, limit: 2 });
    expect(first.rows.map((r) => r.objectId)).toEqual(["o4", "o3"]);
    const second = await listOperatorActions({ db }, { operator: who, limit: 2, before: first.next! });
    expect(second.rows.map((r) => r.objectId)).toEqual(["o2", "o1"]);
    const third = await listOperatorActions({ db }, { operator: who, limit: 2, before: second.next! });
    expect(third).toMatchObject({ next: null });
    expect(third.rows.map((r) => r.objectId)).toEqual(["o0"]);
  });
});
