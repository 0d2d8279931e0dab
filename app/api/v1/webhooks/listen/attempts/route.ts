// POST /v1/webhooks/listen/attempts: `npm run listen` reports the local answer to a delivery (an addition, issue 29)
import { reply, route } from "@/lib/http/route";
import { ListenAttemptBody, ListenAttemptResult } from "@/lib/webhooks/listen-schemas";
import { recordListenerAttempt, RECORD_LISTENER_ATTEMPT_ERRORS } from "@/lib/webhooks/record-listener-attempt";
import { resolveListenerOwner, RESOLVE_LISTENER_OWNER_ERRORS } from "@/lib/webhooks/resolve-listener-owner";

export const POST = route({
  method: "POST",
  path: "/v1/webhooks/listen/attempts",
  summary: "Addition: record the local receiver's answer to a delivery handed to npm run listen as the delivery's attempt",
  description:
    "A 2xx marks the delivery succeeded; anything else, or no answer, failed (no retry: the endpoints' own deliveries are retried as always). " +
    "Only the key owner's listener deliveries (else 404); a second report changes nothing (`recorded: false`). An addition to the spec (issue 29).",
  tags: ["Webhooks"],
  addition: true,
  auth: ["server", "campaign", "platform"],
  idempotency: "none",
  // a second report of the same delivery changes nothing: recorded false, Idempotent-Replayed: true
  replays: true,
  errors: [...RESOLVE_LISTENER_OWNER_ERRORS, ...RECORD_LISTENER_ATTEMPT_ERRORS],
  body: ListenAttemptBody,
  response: { status: 200, schema: ListenAttemptResult },
  handler: async ({ ctx, body }) => {
    const data = await recordListenerAttempt(ctx, { owner: resolveListenerOwner(ctx), ...body });
    return reply({ data }, { replayed: !data.recorded });
  },
});
