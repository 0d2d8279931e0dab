// GET /v1/platform/split-templates: the target business's non-archived split templates
// POST /v1/platform/split-templates: save a split template
import { reply, route } from "@/lib/http/route";
import { createSplitTemplate, CREATE_SPLIT_TEMPLATE_ERRORS } from "@/lib/split-templates/create-split-template";
import { listSplitTemplates, LIST_SPLIT_TEMPLATES_ERRORS } from "@/lib/split-templates/list-split-templates";
import { CreateSplitTemplateBody, SplitTemplateList, SplitTemplateResource } from "@/lib/split-templates/schemas";

export const GET = route({
  method: "GET",
  path: "/v1/platform/split-templates",
  summary: "List split templates",
  tags: ["Platform split templates"],
  auth: "platform",
  scope: "splitTemplate:read",
  targetBusiness: true,
  idempotency: "none",
  errors: LIST_SPLIT_TEMPLATES_ERRORS,
  response: { status: 200, schema: SplitTemplateList },
  handler: async ({ ctx }) => listSplitTemplates(ctx),
});

export const POST = route({
  method: "POST",
  path: "/v1/platform/split-templates",
  summary: "Create a split template",
  tags: ["Platform split templates"],
  auth: "platform",
  scope: "splitTemplate:create",
  targetBusiness: true,
  idempotency: "required",
  errors: CREATE_SPLIT_TEMPLATE_ERRORS,
  body: CreateSplitTemplateBody,
  response: { status: 201, schema: SplitTemplateResource },
  handler: async ({ ctx, body }) => reply(await createSplitTemplate(ctx, body), { status: 201 }),
});
