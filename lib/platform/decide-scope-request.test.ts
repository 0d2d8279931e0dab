// An operator's decision on a platform's live scope request: approving moves the scopes into approvedScopes
// (and out of pendingScopes), rejecting takes them out of pendingScopes; with who, when and the note, and the
// operator action; a decided request is a 409; a test request is not in the console's reach.
import { describe, expect, it } from "vitest";
import type { OperatorContext } from "@/lib/core/context";
import { getDb } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/transaction";
import { createPlatform } from "./create-platform";
import { decideScopeRequest } from "./decide-scope-request";
import { listScopeRequestQueue } from "./list-scope-request-queue";
import { recordScopeRequest } from "./record-scope-request";

const db = () => getDb();
const operator = (email = "ops@coinop.test"): OperatorContext => ({ db: db(), actor: { kind: "operator", email } });
const ask = (platformId: string, scopes: string[], environment: "live" | "test" = "live") =>
  inTransaction(db(), (tx) => recordScopeRequest({ db: tx }, { platformId, environment, scopes }));
const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "resolved";
  } catch (e) {
    return `${(e as { code?: string }).code}: ${(e as Error).message}`;
  }
};

describe("decideScopeRequest", () => {
  it("approves: the scopes move into approvedScopes, the request records who, when and why", async () => {
    const platform = await createPlatform({ db: db() }, { name: `P ${Math.random()}` });
    const { request } = await ask(platform.id, ["gift:read", "gift:write"]);
    expect(request.status).toBe("pending");
    const queue = await listScopeRequestQueue({ db: db() });
    expect(queue.pending.find((r) => r.id === request.id)).toMatchObject({ platformName: platform.name, scopes: ["gift:read", "gift:write"] });
    const out = await decideScopeRequest(operator(), { requestId: request.id, decision: "approve", note: "Known partner." });
    expect(out.status).toBe("approved");
    const p = await db().platform.findUniqueOrThrow({ where: { id: platform.id } });
    expect(p.approvedScopes).toEqual(expect.arrayContaining(["gift:read", "gift:write"]));
    expect(p.pendingScopes).toEqual([]);
    const r = await db().platformScopeRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(r).toMatchObject({ status: "approved", decidedBy: "ops@coinop.test", note: "Known partner." });
    expect(r.decidedAt).toBeInstanceOf(Date);
    const [action] = await db().operatorAction.findMany({ where: { objectId: request.id } });
    expect(action).toMatchObject({
      operatorEmail: "ops@coinop.test",
      action: "platform.scopes.approved",
      objectType: "platform_scope_request",
      reason: "Known partner.",
      details: { platformId: platform.id, platformName: platform.name, scopes: ["gift:read", "gift:write"] },
    });
    expect(await codeOf(decideScopeRequest(operator(), { requestId: request.id, decision: "reject", note: "x" }))).toBe(
      "SCOPE_REQUEST_NOT_PENDING: This scope request is already approved.",
    );
  });

  it("rejects: the request is closed and its scopes leave pendingScopes, except those another pending request still asks for", async () => {
    const platform = await createPlatform({ db: db() }, { name: `P ${Math.random()}` });
    const first = (await ask(platform.id, ["gift:read", "gift:write"])).request;
    const second = (await ask(platform.id, ["gift:write"])).request;
    expect(await codeOf(decideScopeRequest(operator(), { requestId: first.id, decision: "reject", note: "" }))).toMatch(/^VALIDATION_ERROR/);
    const out = await decideScopeRequest(operator(), { requestId: first.id, decision: "reject", note: "Not needed for their product." });
    expect(out).toMatchObject({ status: "rejected", pendingScopes: ["gift:write"] });
    expect((await db().platform.findUniqueOrThrow({ where: { id: platform.id } })).approvedScopes).not.toContain("gift:read");
    expect(await db().platformScopeRequest.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      status: "rejected",
      note: "Not needed for their product.",
    });
    expect((await db().platformScopeRequest.findUniqueOrThrow({ where: { id: second.id } })).status).toBe("pending");
  });

  it("lets one of two racing decisions win, and does not reach test requests or unknown ids", async () => {
    const platform = await createPlatform({ db: db() }, { name: `P ${Math.random()}` });
    const { request } = await ask(platform.id, ["gift:read"]);
    const results = await Promise.all([
      codeOf(decideScopeRequest(operator("a@coinop.test"), { requestId: request.id, decision: "approve", note: "A" })),
      codeOf(decideScopeRequest(operator("b@coinop.test"), { requestId: request.id, decision: "reject", note: "B" })),
    ]);
    expect(results.filter((r) => r === "resolved")).toHaveLength(1);
    expect(results.filter((r) => r.startsWith("SCOPE_REQUEST_NOT_PENDING"))).toHaveLength(1);
    expect(await db().operatorAction.count({ where: { objectId: request.id } })).toBe(1);
    const test = (await ask(platform.id, ["gift:write"], "test")).request;
    expect(await codeOf(decideScopeRequest(operator(), { requestId: test.id, decision: "approve", note: "x" }))).toBe(
      "NOT_FOUND: This scope request was not found.",
    );
    expect(await codeOf(decideScopeRequest(operator(), { requestId: "nope", decision: "approve", note: "x" }))).toBe(
      "NOT_FOUND: This scope request was not found.",
    );
  });
});
