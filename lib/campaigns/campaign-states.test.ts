import { describe, expect, it } from "vitest";
import { ACCEPTS_EVENTS, CAMPAIGN_STATES, nextCampaignState, type CampaignAction } from "./campaign-states";

describe("the campaign state table", () => {
  it("allows exactly the spec's transitions", () => {
    const allowed: Record<string, string> = {};
    for (const state of CAMPAIGN_STATES)
      for (const action of ["start", "stop", "withdraw"] as CampaignAction[]) {
        try {
          allowed[`${state} ${action}`] = nextCampaignState(state, action);
        } catch (err) {
          allowed[`${state} ${action}`] = `${(err as { status: number }).status} ${(err as { code: string }).code}`;
        }
      }
    expect(allowed).toEqual({
      "created start": "started",
      "created stop": "409 CAMPAIGN_NOT_STARTED",
      "created withdraw": "409 CAMPAIGN_NOT_STOPPED",
      "started start": "409 CAMPAIGN_ALREADY_STARTED",
      "started stop": "stopped",
      "started withdraw": "409 CAMPAIGN_NOT_STOPPED",
      "stopped start": "started",
      "stopped stop": "409 CAMPAIGN_NOT_STARTED",
      "stopped withdraw": "stopped",
    });
  });

  it("events are accepted only while started", () => {
    expect(ACCEPTS_EVENTS).toEqual(["started"]);
  });
});
