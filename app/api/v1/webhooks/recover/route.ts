// POST /v1/webhooks/recover: send every failed delivery since T to an endpoint again (beyond the spec, issue 16)
import { route } from "@/lib/http/route";
import { ensurePrimaryEndpoint } from "@/lib/webhooks/ensure-primary-endpoint";
import { recoverFailedDeliveries, RECOVER_FAILED_DELIVERIES_ERRORS } from "@/lib/webhooks/recover-failed-deliveries";
import { RecoverBody, Recovered } from "@/lib/webhooks/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/webhooks/recover",
  summary: "Recover all failed webhook deliveries since a time: each is sent again, once, as a new delivery of its event",
  tags: ["Webhooks"],
  auth: "server",
  idempotency: "optional",
  errors: RECOVER_FAILED_DELIVERIES_ERRORS,
  body: RecoverBody,
  response: { status: 200, schema: Recovered },
  handler: async ({ ctx, body }) => {
    const owner = { type: "game" as const, id: ctx.scope.gameId };
    const endpointId = body.endpointId ?? (await ensurePrimaryEndpoint(ctx, { owner })).id;
    return { data: await recoverFailedDeliveries(ctx, { owner, endpointId, since: body.since }) };
  },
});
