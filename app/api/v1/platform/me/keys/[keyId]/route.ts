// GET /v1/platform/me/keys/{keyId}: one key
// DELETE /v1/platform/me/keys/{keyId}: revoke a key for good
import { route } from "@/lib/http/route";
import { deleteKey, DELETE_KEY_ERRORS } from "@/lib/platform/delete-key";
import { getKey, GET_KEY_ERRORS } from "@/lib/platform/get-key";
import { DeletedKey, KeyEnvelope, KeyParams } from "@/lib/platform/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/me/keys/{keyId}",
  summary: "Get an API key",
  tags: ["Platform"],
  auth: "platform",
  scope: "platform.key:manage",
  idempotency: "none",
  errors: GET_KEY_ERRORS,
  params: KeyParams,
  response: { status: 200, schema: KeyEnvelope },
  handler: async ({ ctx, params }) => getKey(ctx, params),
});

export const DELETE = route({
  method: "DELETE",
  path: "/v1/platform/me/keys/{keyId}",
  summary: "Revoke an API key",
  tags: ["Platform"],
  auth: "platform",
  scope: "platform.key:manage",
  idempotency: "none",
  errors: DELETE_KEY_ERRORS,
  params: KeyParams,
  response: { status: 200, schema: DeletedKey },
  handler: async ({ ctx, params }) => deleteKey(ctx, params),
});
