// POST /v1/platform/gameplay/events: record a gameplay event, exactly once per Idempotency-Key
import { reply, route } from "@/lib/http/route";
import { recordGameplayEvent, RECORD_GAMEPLAY_EVENT_ERRORS } from "@/lib/gameplay/record-gameplay-event";
import { GameplayEventRecorded, RecordGameplayEventBody } from "@/lib/gameplay/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/gameplay/events",
  summary: "Record a gameplay event of a business-linked player (exactly once per Idempotency-Key)",
  description: "A repeat with the same Idempotency-Key and body answers the same eventId with recorded false; another body with that key is 422.",
  tags: ["Items"],
  auth: "platform",
  scope: "gameplay:event:create",
  targetBusiness: true,
  // exactly-once in the service (a unique index on the key), so a repeat can say recorded: false
  idempotency: "service",
  errors: RECORD_GAMEPLAY_EVENT_ERRORS,
  body: RecordGameplayEventBody,
  response: { status: 200, schema: GameplayEventRecorded },
  handler: async ({ ctx, body }) => {
    const out = await recordGameplayEvent(ctx, body);
    return reply(out, { replayed: !out.recorded });
  },
});
