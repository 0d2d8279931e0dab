// GET /v1/platform/me/keys/{keyId}: one key
// DELETE /v1/platform/me/keys/{keyId}: revoke a key for good
import { route } from "@/lib/http/route";
import { deleteKey } from "@/lib/platform/delete-key";
import { getKey } from "@/lib/platform/get-key";
import { DeletedKey, KeyEnvelope, KeyParams } from "@/lib/platform/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/me/keys/{keyId}",
  summary: "Get an API key",
  tags: ["Platform"],
  auth: "platform",
  scope: "platform.key:manage",
  idempotency: "none",
  errors: ["API_KEY_NOT_FOUND"],
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
  errors: ["API_KEY_NOT_FOUND", "API_KEY_REVOKED", "API_KEY_IN_USE"],
  params: KeyParams,
  response: { status: 200, schema: DeletedKey },
  handler: async ({ ctx, params }) => deleteKey(ctx, params),
});
