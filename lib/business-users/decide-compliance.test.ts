// An operator's move of a player's compliance review: any of the five statuses, from the status the operator
// saw, with the note and the time, through the same write as the test helper (the platform API then shows it);
// the operator action; a stale or same-status move is a 409 that changes nothing.
import { describe, expect, it } from "vitest";
import type { OperatorContext } from "@/lib/core/context";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { makePlayer } from "@/tests/support/players";
import { decideCompliance } from "./decide-compliance";
import { listComplianceQueue } from "./list-compliance-queue";
import { loadComplianceReview } from "./load-compliance-review";

const db = () => getDb();
const operator = (email = "ops@coinop.test"): OperatorContext => ({ db: db(), actor: { kind: "operator", email } });
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "resolved";
  } catch (e) {
    return `${(e as { code?: string }).code}: ${(e as Error).message}`;
  }
};

const review = async (status = "pending") => {
  const player = await makePlayer();
  const row = await db().playerCompliance.create({
    data: { id: newId(), playerId: player.id, environment: "live", status, submittedAt: new Date(), details: { legalName: "Ann Example", country: "FR" } },
  });
  return { player, row };
};

describe("decideCompliance", () => {
  it("moves the review with the note and time, and writes the operator action", async () => {
    const { player, row } = await review();
    const out = await decideCompliance(operator(), { complianceId: row.id, from: "pending", status: "action_required", note: "The ID photo is blurred." });
    expect(out).toMatchObject({ complianceId: row.id, status: "action_required", note: "The ID photo is blurred." });
    const after = await db().playerCompliance.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({ status: "action_required", note: "The ID photo is blurred.", playerId: player.id });
    expect(after.decidedAt).toBeInstanceOf(Date);
    const [action] = await db().operatorAction.findMany({ where: { objectId: row.id } });
    expect(action).toMatchObject({
      operatorEmail: "ops@coinop.test",
      action: "compliance.moved",
      objectType: "player_compliance",
      reason: "The ID photo is blurred.",
      details: { playerId: player.id, environment: "live", from: "pending", to: "action_required" },
    });
    const loaded = await loadComplianceReview({ db: db() }, { complianceId: row.id });
    expect(loaded).toMatchObject({
      status: "action_required",
      player: { email: player.email },
      details: expect.arrayContaining([
        { label: "Legal name", value: "Ann Example" },
        { label: "Country", value: "FR" },
      ]),
    });
    expect(loaded!.history.map((h) => h.reason)).toEqual(["The ID photo is blurred."]);
  });

  it("refuses a stale move, the same status, a missing note and an unknown review, changing nothing", async () => {
    const { row } = await review("approved");
    expect(await codeOf(decideCompliance(operator(), { complianceId: row.id, from: "pending", status: "rejected", note: "x" }))).toBe(
      "COMPLIANCE_NOT_ALLOWED: The review is now approved, not pending: reload the page and decide again.",
    );
    expect(await codeOf(decideCompliance(operator(), { complianceId: row.id, from: "approved", status: "approved", note: "x" }))).toBe(
      "COMPLIANCE_NOT_ALLOWED: The review is already approved.",
    );
    expect(await codeOf(decideCompliance(operator(), { complianceId: row.id, from: "approved", status: "rejected", note: " " }))).toMatch(/^VALIDATION_ERROR/);
    expect(await codeOf(decideCompliance(operator(), { complianceId: "nope", from: "pending", status: "approved", note: "x" }))).toBe(
      "NOT_FOUND: This compliance review was not found.",
    );
    expect(await db().playerCompliance.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
    expect(await db().operatorAction.count({ where: { objectId: row.id } })).toBe(0);
  });

  it("lets one of two racing moves from the same status win", async () => {
    const { row } = await review();
    const results = await Promise.all([
      codeOf(decideCompliance(operator("a@coinop.test"), { complianceId: row.id, from: "pending", status: "approved", note: "A" })),
      codeOf(decideCompliance(operator("b@coinop.test"), { complianceId: row.id, from: "pending", status: "rejected", note: "B" })),
    ]);
    expect(results.filter((r) => r === "resolved")).toHaveLength(1);
    expect(await db().operatorAction.count({ where: { objectId: row.id } })).toBe(1);
  });

  it("lists pending reviews before the others", async () => {
    const approved = await review("approved");
    const pending = await review("pending");
    const ids = (await listComplianceQueue({ db: db() })).map((r) => r.id);
    expect(ids.indexOf(pending.row.id)).toBeLessThan(ids.indexOf(approved.row.id));
  });
});
