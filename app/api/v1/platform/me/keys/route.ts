// GET /v1/platform/me/keys: the platform's keys in the key's environment
// POST /v1/platform/me/keys: create a key (the raw key is shown once)
import { reply, route } from "@/lib/http/route";
import { createKey, CREATE_KEY_ERRORS } from "@/lib/platform/create-key";
import { listKeys } from "@/lib/platform/list-keys";
import { CreatedKey, CreateKeyBody, KeyList } from "@/lib/platform/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/me/keys",
  summary: "List the platform's API keys",
  tags: ["Platform"],
  auth: "platform",
  scope: "platform.key:manage",
  idempotency: "none",
  response: { status: 200, schema: KeyList },
  handler: async ({ ctx }) => listKeys(ctx),
});

export const POST = route({
  method: "POST",
  path: "/v1/platform/me/keys",
  summary: "Create an API key",
  tags: ["Platform"],
  auth: "platform",
  scope: "platform.key:manage",
  idempotency: "required",
  errors: CREATE_KEY_ERRORS,
  body: CreateKeyBody,
  response: { status: 201, schema: CreatedKey, description: "The key, and its raw value (shown this once)." },
  handler: async ({ ctx, body }) => reply(await createKey(ctx, body), { status: 201 }),
});
