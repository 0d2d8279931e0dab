// POST /v1/platform/me/keys/{keyId}/rotate: a new key with the same scopes; the old one works for the grace period
import { route } from "@/lib/http/route";
import { rotateKey, ROTATE_KEY_ERRORS } from "@/lib/platform/rotate-key";
import { KeyParams, RotatedKey, RotateKeyBody } from "@/lib/platform/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/me/keys/{keyId}/rotate",
  summary: "Rotate an API key",
  tags: ["Platform"],
  auth: "platform",
  scope: "platform.key:manage",
  idempotency: "required",
  errors: ROTATE_KEY_ERRORS,
  params: KeyParams,
  body: RotateKeyBody,
  response: { status: 200, schema: RotatedKey, description: "The new key and its raw value (shown this once)." },
  handler: async ({ ctx, params, body }) => rotateKey(ctx, { ...params, ...body }),
});
