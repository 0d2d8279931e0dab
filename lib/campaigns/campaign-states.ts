// The campaign lifecycle (game-api.md "Campaign (campaign-key view)"): one table, read by every service.
import { nextState, type StateTable } from "../core/state-machine.ts";
import { conflict, type AppError } from "../core/errors.ts";

export const CAMPAIGN_STATES = ["created", "started", "stopped"] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export type CampaignAction = "start" | "stop" | "withdraw";

type Transition = { from: readonly CampaignState[]; to: CampaignState; refused: (state: string) => AppError };

/** The allowed transitions; anything else is refused with the transition's 409. */
export const CAMPAIGN_TRANSITIONS: StateTable<CampaignAction, CampaignState> & Record<CampaignAction, Transition> = {
  start: {
    from: ["created", "stopped"],
    to: "started",
    refused: () => conflict("CAMPAIGN_ALREADY_STARTED", "The campaign is already started; stop it first if you want to restart it."),
  },
  stop: {
    from: ["started"],
    to: "stopped",
    refused: (state) => conflict("CAMPAIGN_NOT_STARTED", `The campaign is ${state}, not started: only a started campaign can be stopped.`),
  },
  withdraw: {
    from: ["stopped"],
    to: "stopped",
    refused: (state) => conflict("CAMPAIGN_NOT_STOPPED", `The campaign is ${state}: stop it (PUT /v1/campaign/{id}/stop) before withdrawing its funds.`),
  },
};

/** States in which events are recorded and paid. */
export const ACCEPTS_EVENTS: readonly CampaignState[] = ["started"];

/** The next state of `action` from `state`, or the transition's 409. */
export const nextCampaignState = (state: string, action: CampaignAction): CampaignState =>
  nextState(CAMPAIGN_TRANSITIONS, state, action, CAMPAIGN_TRANSITIONS[action].refused);

/** The webhook sent when an operation's job finishes. */
export const OPERATION_EVENTS: Record<CampaignAction, string> = {
  start: "Campaign.Started",
  stop: "Campaign.Stopped",
  withdraw: "Campaign.Withdrawn",
};

/**
 * DELETE /v1/platform/campaigns/{campaignId}: only a created or stopped campaign is deleted (a started one
 * is 409 CAMPAIGN_NOT_STOPPED). Deleted is final: the kernel answers 404 for it on every route.
 */
export const CAMPAIGN_DELETE: StateTable<"delete", CampaignState | "deleted"> = { delete: { from: ["created", "stopped"], to: "deleted" } };

export const campaignNotDeletable = (state: string): AppError =>
  conflict("CAMPAIGN_NOT_STOPPED", `The campaign is ${state}: stop it (PUT /v1/platform/campaigns/{campaignId}/stop) before deleting it.`);

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const CAMPAIGN_STATES_ERRORS = ["CAMPAIGN_ALREADY_STARTED", "CAMPAIGN_NOT_STARTED", "CAMPAIGN_NOT_STOPPED"] as const satisfies readonly ErrorCode[];
