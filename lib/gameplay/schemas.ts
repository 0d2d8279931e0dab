// Request and response schemas of gameplay events (platform-api.md "Items and gameplay events").
import { z } from "zod";
import { NonEmpty } from "../core/schemas.ts";

export const RecordGameplayEventBody = z.object({
  userId: NonEmpty(128).describe("The player's business-level userRef (obu_…)."),
  gameId: NonEmpty(64).describe("A game of the target business, in the key's environment."),
  eventName: NonEmpty(100).describe("What happened, e.g. level_complete."),
  description: z.string("must be a string").trim().max(1000, "must be at most 1000 characters").default("").describe("Free text, up to 1000 characters."),
});
export type RecordGameplayEventBody = z.output<typeof RecordGameplayEventBody>;

export const GameplayEventRecorded = z.object({
  eventId: z.string(),
  recorded: z.boolean().describe("true when this call recorded the event; false when the Idempotency-Key had already recorded it (the same eventId)."),
});
