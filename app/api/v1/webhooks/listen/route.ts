// POST /v1/webhooks/listen: `npm run listen` pulls the owner's test-mode deliveries (long polling; an addition, issue 29)
import { route } from "@/lib/http/route";
import { ListenBody, ListenResult } from "@/lib/webhooks/listen-schemas";
import { pollListenerDeliveries, POLL_LISTENER_DELIVERIES_ERRORS } from "@/lib/webhooks/poll-listener-deliveries";
import { resolveListenerOwner, RESOLVE_LISTENER_OWNER_ERRORS } from "@/lib/webhooks/resolve-listener-owner";

export const POST = route({
  method: "POST",
  path: "/v1/webhooks/listen",
  summary: "Addition: hand the key owner's test-mode webhook deliveries to a listener (npm run listen), waiting up to 25 s for one",
  description:
    "Long polling for `npm run listen`: a server key receives its game's test events, a campaign key its campaign's, a platform key its platform's; a live key is 404. " +
    "Each delivery comes with the headers and body to forward as they are (signed as a delivery to the endpoint is); the endpoints still get their own deliveries. " +
    "Report each local answer with POST /v1/webhooks/listen/attempts. An addition to the spec (issue 29).",
  tags: ["Webhooks"],
  addition: true,
  auth: ["server", "campaign", "platform"],
  idempotency: "none",
  errors: [...RESOLVE_LISTENER_OWNER_ERRORS, ...POLL_LISTENER_DELIVERIES_ERRORS],
  body: ListenBody,
  response: { status: 200, schema: ListenResult },
  handler: async ({ ctx, body, req }) => {
    const owner = resolveListenerOwner(ctx);
    const { since, deliveries } = await pollListenerDeliveries(ctx, {
      owner,
      session: body.session,
      since: body.since,
      waitSeconds: body.waitSeconds,
      limit: body.limit,
      keyId: ctx.actor.keyId,
      signal: req.signal,
    });
    return { data: { since: since.toISOString(), deliveries: deliveries.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })) } };
  },
});
