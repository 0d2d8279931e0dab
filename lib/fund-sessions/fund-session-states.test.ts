// Every state × every trigger of platform-api.md "Fund session (campaign and distribution)", through the routes.
import { afterEach, describe, expect, it } from "vitest";
import { canTransition } from "../core/state-machine.ts";
import { setClockOffsetForTests } from "../core/clock.ts";
import { effectiveStatus, FUND_SESSION_STATES, FUND_SESSION_STATUSES } from "./fund-session-states.ts";
import { POST as COMPLETE } from "@/app/api/v1/test-helpers/fund-sessions/[sessionKey]/complete/route";
import { POST as EXPIRE } from "@/app/api/v1/test-helpers/fund-sessions/[sessionKey]/expire/route";
import { DELETE as DELETE_CAMPAIGN_SESSION, GET as GET_CAMPAIGN_SESSION } from "@/app/api/v1/platform/campaigns/[campaignId]/fund-sessions/[handle]/route";
import { call } from "@/tests/support/http";
import { campaignSession, makeFundTenant } from "@/tests/support/fund-sessions";

describe("FUND_SESSION_STATES", () => {
  it("only a pending session moves, to the spec's next state", () => {
    const to = { complete: "completed", expire: "expired", cancel: "cancelled" };
    for (const action of ["complete", "expire", "cancel"] as const) {
      expect(FUND_SESSION_STATES[action].to).toBe(to[action]);
      for (const s of FUND_SESSION_STATUSES) expect(canTransition(FUND_SESSION_STATES, s, action)).toBe(s === "pending");
    }
  });

  it("a pending session past expiresAt reads expired", () => {
    const at = new Date("2026-01-01T12:00:00Z");
    expect(effectiveStatus({ status: "pending", expiresAt: new Date("2026-01-01T12:00:00Z") }, at)).toBe("expired");
    expect(effectiveStatus({ status: "pending", expiresAt: new Date("2026-01-01T12:00:01Z") }, at)).toBe("pending");
    expect(effectiveStatus({ status: "completed", expiresAt: new Date("2026-01-01T11:00:00Z") }, at)).toBe("completed");
  });
});

type Trigger = "complete" | "expire" | "delete";
type Start = "pending" | "completed" | "expired (helper)" | "expired (1 hour passed)" | "cancelled";

describe("every state × trigger (campaign session, through the routes)", () => {
  afterEach(() => setClockOffsetForTests(0));

  const setup = async (start: Start) => {
    const t = await makeFundTenant();
    const s = await campaignSession(t.mgmt, t.campaign.id);
    const sessionKey = s.sessionKey;
    if (start === "completed") await call(COMPLETE, { headers: t.mgmt, params: { sessionKey }, body: { amountUsdc: 5 } });
    if (start === "expired (helper)") await call(EXPIRE, { headers: t.mgmt, params: { sessionKey } });
    if (start === "cancelled") await call(DELETE_CAMPAIGN_SESSION, { headers: t.mgmt, params: { campaignId: t.campaign.id, handle: sessionKey } });
    if (start === "expired (1 hour passed)") setClockOffsetForTests(3_600_000);
    return { ...t, sessionKey };
  };

  const fire = (t: Awaited<ReturnType<typeof setup>>, trigger: Trigger) =>
    trigger === "complete"
      ? call(COMPLETE, { headers: t.mgmt, params: { sessionKey: t.sessionKey }, body: { amountUsdc: 7 } })
      : trigger === "expire"
        ? call(EXPIRE, { headers: t.mgmt, params: { sessionKey: t.sessionKey } })
        : call(DELETE_CAMPAIGN_SESSION, { headers: t.mgmt, params: { campaignId: t.campaign.id, handle: t.sessionKey } });

  const NEXT: Record<Trigger, string> = { complete: "completed", expire: "expired", delete: "cancelled" };
  const STARTS: Start[] = ["pending", "completed", "expired (helper)", "expired (1 hour passed)", "cancelled"];
  const READS: Record<Start, string> = {
    pending: "pending",
    completed: "completed",
    "expired (helper)": "expired",
    "expired (1 hour passed)": "expired",
    cancelled: "cancelled",
  };

  for (const start of STARTS)
    for (const trigger of ["complete", "expire", "delete"] as Trigger[])
      it(`${start} × ${trigger}`, async () => {
        const t = await setup(start);
        const res = await fire(t, trigger);
        const after = await call(GET_CAMPAIGN_SESSION, { headers: t.mgmt, params: { campaignId: t.campaign.id, handle: t.sessionKey } });
        if (start === "pending") {
          expect(res.status).toBe(200);
          expect(after.body.status).toBe(NEXT[trigger]);
        } else {
          expect([res.status, res.body.code]).toEqual([409, "FUND_SESSION_NOT_PENDING"]);
          expect(res.body.error).toContain(`is ${READS[start]}`);
          expect(after.body.status).toBe(READS[start]);
        }
      });
});
