import { describe, expect, it } from "vitest";
import { POST as REJECT } from "./route";
import { POST as APPROVE } from "../approve/route";
import { POST as REQUEST } from "../../route";
import { call } from "@/tests/support/http";
import { fund, idem, makeVcGame, vcSnapshot } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";

const setup = async () => {
  const g = await makeVcGame();
  await fund(g.headers, g.currencyId, g.users[0], 100);
  const res = await call(REQUEST, { headers: idem(g.headers), body: { currencyId: g.currencyId, userRef: g.users[0], units: "40" } });
  return { ...g, cashoutRequestId: res.body.cashoutRequestId as string };
};

describe("POST /v1/vc/cashouts/{cashoutRequestId}/reject", () => {
  it("204 rejects with the reason and moves no balance", async () => {
    const { headers, currencyId, cashoutRequestId } = await setup();
    const before = await vcSnapshot(currencyId);
    const res = await call(REJECT, { headers: idem(headers), params: { cashoutRequestId }, body: { reason: "  suspicious activity " } });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    const row = await getDb().cashoutRequest.findUniqueOrThrow({ where: { id: cashoutRequestId } });
    expect(row).toMatchObject({ status: "rejected", rejectReason: "suspicious activity", journalId: null });
    const after = await vcSnapshot(currencyId);
    expect([after.accounts, after.journals]).toEqual([before.accounts, before.journals]);
  });

  it("409 CASHOUT_NOT_PENDING for a decided request (rejected or approved)", async () => {
    const { headers, currencyId, users, cashoutRequestId } = await setup();
    await call(REJECT, { headers: idem(headers), params: { cashoutRequestId }, body: { reason: "no" } });
    const again = await call(REJECT, { headers: idem(headers), params: { cashoutRequestId }, body: { reason: "no" } });
    expect([again.status, again.body.code]).toEqual([409, "CASHOUT_NOT_PENDING"]);
    const approve = await call(APPROVE, { headers: idem(headers), params: { cashoutRequestId } });
    expect([approve.status, approve.body.code]).toEqual([409, "CASHOUT_NOT_PENDING"]);
    const other = await call(REQUEST, { headers: idem(headers), body: { currencyId, userRef: users[0], units: "1" } });
    await call(APPROVE, { headers: idem(headers), params: { cashoutRequestId: other.body.cashoutRequestId } });
    const late = await call(REJECT, { headers: idem(headers), params: { cashoutRequestId: other.body.cashoutRequestId }, body: { reason: "late" } });
    expect([late.status, late.body.code]).toEqual([409, "CASHOUT_NOT_PENDING"]);
  });

  it("400 for a missing or blank reason; 404 for another game's request; 401 without a key", async () => {
    const a = await setup();
    const b = await makeVcGame();
    const before = await vcSnapshot(a.currencyId);
    for (const body of [{}, { reason: "   " }, undefined]) {
      const res = await call(REJECT, { headers: idem(a.headers), params: { cashoutRequestId: a.cashoutRequestId }, body });
      expect([res.status, res.body.details[0].field]).toEqual([400, "reason"]);
    }
    const foreign = await call(REJECT, { headers: idem(b.headers), params: { cashoutRequestId: a.cashoutRequestId }, body: { reason: "x" } });
    expect([foreign.status, foreign.body.code]).toEqual([404, "CASHOUT_NOT_FOUND"]);
    expect((await call(REJECT, { params: { cashoutRequestId: a.cashoutRequestId }, body: { reason: "x" } })).status).toBe(401);
    expect(await vcSnapshot(a.currencyId)).toEqual(before);
  });

  it("Idempotency-Key required; replay returns 204 again with the replay header; another body is 422", async () => {
    const { headers, cashoutRequestId } = await setup();
    expect((await call(REJECT, { headers, params: { cashoutRequestId }, body: { reason: "x" } })).body.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    const h = idem(headers);
    expect((await call(REJECT, { headers: h, params: { cashoutRequestId }, body: { reason: "x" } })).status).toBe(204);
    const replay = await call(REJECT, { headers: h, params: { cashoutRequestId }, body: { reason: "x" } });
    expect([replay.status, replay.text, replay.headers.get("idempotent-replayed")]).toEqual([204, "", "true"]);
    const reuse = await call(REJECT, { headers: h, params: { cashoutRequestId }, body: { reason: "y" } });
    expect([reuse.status, reuse.body.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
  });
});
