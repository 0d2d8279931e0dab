// GET /v1/platform/invites: every invite of the platform (all statuses)
// POST /v1/platform/invites: invite a business to grant scopes
import { reply, route } from "@/lib/http/route";
import { createInvite, CREATE_INVITE_ERRORS } from "@/lib/platform/create-invite";
import { listInvites } from "@/lib/platform/list-invites";
import { CreateInviteBody, InviteList, InviteResource } from "@/lib/platform/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/invites",
  summary: "List invites",
  tags: ["Platform"],
  auth: "platform",
  scope: "platform.invite:manage",
  idempotency: "none",
  response: { status: 200, schema: InviteList },
  handler: async ({ ctx }) => listInvites(ctx),
});

export const POST = route({
  method: "POST",
  path: "/v1/platform/invites",
  summary: "Invite a business",
  tags: ["Platform"],
  auth: "platform",
  scope: "platform.invite:manage",
  idempotency: "required",
  errors: CREATE_INVITE_ERRORS,
  body: CreateInviteBody,
  response: { status: 201, schema: InviteResource },
  handler: async ({ ctx, body }) => reply(await createInvite(ctx, body), { status: 201 }),
});
