// An operator's decision on a business's activation: the status, time and note; the operator's action; the
// business's own audit entry; the mail to its owners and admins (not its other members); a refused move is a
// 409 that changes nothing; of two racing decisions one wins.
import { describe, expect, it } from "vitest";
import type { OperatorContext } from "@/lib/core/context";
import { getDb } from "@/lib/db/client";
import { makeBusiness, makeBusinessAdmin } from "@/tests/support/platform";
import { decideActivation } from "./decide-activation";
import { listActivationQueue } from "./list-activation-queue";
import { flattenApplication, loadActivationReview } from "./load-activation-review";

const db = () => getDb();
const operator = (email = "ops@coinop.test"): OperatorContext => ({ db: db(), actor: { kind: "operator", email } });

const submitted = async () => {
  const business = await makeBusiness("test");
  const owner = await makeBusinessAdmin(business.id, { roles: [], isOwner: true });
  const admin = await makeBusinessAdmin(business.id, { roles: ["admin"] });
  const developer = await makeBusinessAdmin(business.id, { roles: ["developer"] });
  await db().business.update({
    where: { id: business.id },
    data: {
      kybStatus: "pending",
      kybSubmittedAt: new Date(),
      kybApplication: { legalName: "Rocket Games Ltd", representative: { name: "Ann", dateOfBirth: "1990-01-02" } },
    },
  });
  return { business, owner, admin, developer };
};

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "resolved";
  } catch (e) {
    return `${(e as { code?: string }).code}: ${(e as Error).message}`;
  }
};

describe("decideActivation", () => {
  it("approves: status, time, the operator action, the business's audit entry, and a mail to the owner and admin only", async () => {
    const t = await submitted();
    const out = await decideActivation(operator(), { businessId: t.business.id, decision: "approve", note: " Documents check out. " });
    expect(out).toMatchObject({ businessId: t.business.id, kybStatus: "approved", kybNote: "Documents check out." });
    expect(out.mailedTo.sort()).toEqual([t.owner.email, t.admin.email].sort());
    const b = await db().business.findUniqueOrThrow({ where: { id: t.business.id } });
    expect(b).toMatchObject({ kybStatus: "approved", kybNote: "Documents check out." });
    expect(b.kybDecidedAt).toEqual(out.kybDecidedAt);
    const actions = await db().operatorAction.findMany({ where: { objectType: "business", objectId: t.business.id } });
    expect(actions.map((a) => ({ operatorEmail: a.operatorEmail, action: a.action, reason: a.reason, details: a.details }))).toEqual([
      {
        operatorEmail: "ops@coinop.test",
        action: "business.activation.approved",
        reason: "Documents check out.",
        details: { from: "pending", to: "approved" },
      },
    ]);
    const audit = await db().auditEntry.findMany({ where: { businessId: t.business.id } });
    expect(audit.map((a) => ({ actorType: a.actorType, actorId: a.actorId, action: a.action, objectId: a.objectId, details: a.details }))).toEqual([
      {
        actorType: "operator",
        actorId: "ops@coinop.test",
        action: "business.activation.approved",
        objectId: t.business.id,
        details: { from: "pending", to: "approved", note: "Documents check out." },
      },
    ]);
    const mail = await db().mailMessage.findMany({ where: { to: { in: [t.owner.email, t.admin.email, t.developer.email] } } });
    expect(mail.map((m) => m.to).sort()).toEqual([t.owner.email, t.admin.email].sort());
    expect(mail[0]!.subject).toBe(`${t.business.name} is approved to go live`);
    expect(mail[0]!.text).toContain("The reviewer's note:\nDocuments check out.");
    expect(mail[0]!.text).toContain(`/portal/${t.business.id}/activation`);
  });

  it("asks for action and rejects with the note in the mail; the note is required for both", async () => {
    const t = await submitted();
    for (const decision of ["request_action", "reject"] as const)
      expect(await codeOf(decideActivation(operator(), { businessId: t.business.id, decision, note: "  " }))).toMatch(/^VALIDATION_ERROR: Write /);
    const asked = await decideActivation(operator(), { businessId: t.business.id, decision: "request_action", note: "Upload the registration extract." });
    expect(asked.kybStatus).toBe("action_required");
    const [mail] = await db().mailMessage.findMany({ where: { to: t.owner.email } });
    expect(mail!.subject).toBe(`${t.business.name}: your application to go live needs changes`);
    expect(mail!.text).toContain("The reviewer's note:\nUpload the registration extract.");
    expect(mail!.text).toContain(`/business/${t.business.id}/verification`);
    // action_required → reject is allowed (the business never answered)
    const rejected = await decideActivation(operator("other@coinop.test"), { businessId: t.business.id, decision: "reject", note: "No answer in 30 days." });
    expect(rejected.kybStatus).toBe("rejected");
    const mails = await db().mailMessage.findMany({ where: { to: t.admin.email }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(mails.at(-1)!.subject).toBe(`${t.business.name}: your application to go live was not approved`);
    expect(mails.at(-1)!.text).toContain("The reviewer's note:\nNo answer in 30 days.");
    const review = await loadActivationReview({ db: db() }, { businessId: t.business.id });
    expect(review!.history.map((h) => [h.operatorEmail, h.action, h.reason])).toEqual([
      ["other@coinop.test", "business.activation.rejected", "No answer in 30 days."],
      ["ops@coinop.test", "business.activation.action_required", "Upload the registration extract."],
    ]);
  });

  it("refuses a move the state table does not allow with a 409 that changes nothing, and an unknown business with a 404", async () => {
    const t = await submitted();
    await decideActivation(operator(), { businessId: t.business.id, decision: "approve", note: "ok" });
    const before = await db().business.findUniqueOrThrow({ where: { id: t.business.id } });
    expect(await codeOf(decideActivation(operator(), { businessId: t.business.id, decision: "reject", note: "changed my mind" }))).toBe(
      "ACTIVATION_NOT_ALLOWED: The business's activation is approved; only a pending or action_required one can be rejected.",
    );
    expect(await db().business.findUniqueOrThrow({ where: { id: t.business.id } })).toEqual(before);
    expect(await db().operatorAction.count({ where: { objectId: t.business.id } })).toBe(1);
    expect(await db().auditEntry.count({ where: { businessId: t.business.id } })).toBe(1);
    expect(await db().mailMessage.count({ where: { to: t.owner.email } })).toBe(1);
    const fresh = await makeBusiness("test");
    expect(await codeOf(decideActivation(operator(), { businessId: fresh.id, decision: "approve", note: "x" }))).toMatch(
      /^ACTIVATION_NOT_ALLOWED: The business's activation is not_started/,
    );
    expect(await codeOf(decideActivation(operator(), { businessId: "nope", decision: "approve", note: "x" }))).toBe(
      "BUSINESS_NOT_FOUND: This business was not found.",
    );
  });

  it("lets one of two racing decisions win; the other is a 409 and leaves no trace", async () => {
    const t = await submitted();
    const results = await Promise.all([
      codeOf(decideActivation(operator("a@coinop.test"), { businessId: t.business.id, decision: "approve", note: "A approves" })),
      codeOf(decideActivation(operator("b@coinop.test"), { businessId: t.business.id, decision: "reject", note: "B rejects" })),
    ]);
    expect(results.filter((r) => r === "resolved")).toHaveLength(1);
    expect(results.filter((r) => r.startsWith("ACTIVATION_NOT_ALLOWED"))).toHaveLength(1);
    expect(await db().operatorAction.count({ where: { objectId: t.business.id } })).toBe(1);
    expect(await db().auditEntry.count({ where: { businessId: t.business.id } })).toBe(1);
    expect(await db().mailMessage.count({ where: { to: t.owner.email } })).toBe(1);
  });
});

describe("the activation queue and review", () => {
  it("lists pending businesses oldest first with counts, and shows an application of any shape as labelled lines", async () => {
    const a = await submitted();
    const b = await submitted();
    const { rows, counts } = await listActivationQueue({ db: db() }, { status: "pending" });
    const ids = rows.map((r) => r.businessId);
    expect(ids.indexOf(a.business.id)).toBeLessThan(ids.indexOf(b.business.id));
    expect(counts.pending).toBeGreaterThanOrEqual(2);
    const review = await loadActivationReview({ db: db() }, { businessId: a.business.id });
    // known keys in a reviewer's order, whatever order jsonb keeps them in
    expect(review!.application).toEqual([
      { label: "Legal name", value: "Rocket Games Ltd" },
      { label: "Representative · name", value: "Ann" },
      { label: "Representative · date of birth", value: "1990-01-02" },
    ]);
    expect(review!.members.map((m) => m.email).sort()).toEqual([a.owner.email, a.admin.email, a.developer.email].sort());
    expect(flattenApplication({ sells: ["games", "skins"], address: { line2: null }, n: 3 })).toEqual([
      { label: "Address · line2", value: "—" },
      { label: "N", value: "3" },
      { label: "Sells", value: "games, skins" },
    ]);
    expect(flattenApplication(null)).toEqual([]);
    expect(await loadActivationReview({ db: db() }, { businessId: "../x" })).toBeNull();
  });
});
