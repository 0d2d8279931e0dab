// The Campaign state table of platform-api.md, through the platform routes: every state × every trigger
// (start, stop, delete, events) gives the spec's next state, or its error with nothing changed.
import { describe, expect, it } from "vitest";
import { DELETE } from "./[campaignId]/route";
import { PUT as START } from "./[campaignId]/start/route";
import { PUT as STOP } from "./[campaignId]/stop/route";
import { POST as EVENTS } from "./[campaignId]/events/route";
import { call, type CallResult } from "@/tests/support/http";
import { platformEventsOf } from "@/tests/support/platform";
import { getDb } from "@/lib/db/client";
import { idem, makePlatformCampaign } from "@/tests/support/platform-campaigns";
import { usdcOf } from "@/tests/support/campaigns";

type Trigger = "start" | "stop" | "delete" | "events";
type State = "created" | "started" | "stopped" | "deleted";
/** what the trigger answers, the state after it, and the platform event it emits (null: none) */
type Outcome = { status: number; code?: string; next: State; event: string | null };

const ok = (status: number, next: State, event: string): Outcome => ({ status, next, event });
const refused = (status: number, code: string, state: State): Outcome => ({ status, code, next: state, event: null });

const TABLE: Record<State, Record<Trigger, Outcome>> = {
  created: {
    start: ok(202, "started", "Platform.Campaign.Started"),
    stop: refused(409, "CAMPAIGN_NOT_STARTED", "created"),
    delete: ok(204, "deleted", "Platform.Campaign.Deleted"),
    events: refused(409, "CAMPAIGN_NOT_STARTED", "created"),
  },
  started: {
    start: refused(409, "CAMPAIGN_ALREADY_STARTED", "started"),
    stop: ok(202, "stopped", "Platform.Campaign.Stopped"),
    delete: refused(409, "CAMPAIGN_NOT_STOPPED", "started"),
    events: ok(202, "started", "Platform.Campaign.EventRecorded"),
  },
  stopped: {
    start: ok(202, "started", "Platform.Campaign.Started"),
    stop: refused(409, "CAMPAIGN_NOT_STARTED", "stopped"),
    delete: ok(204, "deleted", "Platform.Campaign.Deleted"),
    events: refused(409, "CAMPAIGN_NOT_STARTED", "stopped"),
  },
  // deleted is final: the campaign is gone for every route
  deleted: {
    start: refused(404, "CAMPAIGN_NOT_FOUND", "deleted"),
    stop: refused(404, "CAMPAIGN_NOT_FOUND", "deleted"),
    delete: refused(404, "CAMPAIGN_NOT_FOUND", "deleted"),
    events: refused(404, "CAMPAIGN_NOT_FOUND", "deleted"),
  },
};

const fire = (trigger: Trigger, tb: Record<string, string>, params: { campaignId: string }, userRef: string): Promise<CallResult> => {
  switch (trigger) {
    case "start":
      return call(START, { headers: idem(tb), params });
    case "stop":
      return call(STOP, { headers: idem(tb), params });
    case "delete":
      return call(DELETE, { headers: tb, params });
    case "events":
      return call(EVENTS, { headers: idem(tb), params, body: { eventCode: "daily_login", userRef } });
  }
};

describe("platform campaign state table", () => {
  for (const [state, row] of Object.entries(TABLE) as [State, Record<Trigger, Outcome>][]) {
    for (const [trigger, expected] of Object.entries(row) as [Trigger, Outcome][]) {
      it(`${state} × ${trigger} → ${expected.code ?? expected.next}`, async () => {
        const { tb, campaign, params, platform, users } = await makePlatformCampaign({ fundMicros: 10_000_000n, status: state, users: 1 });
        const res = await fire(trigger, tb, params, users[0].userRef);
        expect([res.status, res.body?.code]).toEqual([expected.status, expected.code]);
        expect((await getDb().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe(expected.next);
        expect((await platformEventsOf(platform.id)).map((e) => e.event)).toEqual(expected.event ? [expected.event] : []);
        const paid = trigger === "events" && expected.status === 202 ? 1_000_000n : 0n;
        const swept = trigger === "delete" && expected.status === 204 ? 10_000_000n : 0n;
        expect(await usdcOf("campaign", campaign.id)).toBe(10_000_000n - paid - swept);
        expect(await usdcOf("wallet", users[0].player.id)).toBe(paid);
      });
    }
  }
});
