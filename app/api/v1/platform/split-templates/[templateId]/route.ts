// GET, PATCH, DELETE /v1/platform/split-templates/{templateId}: read, change or archive a split template
import { reply, route } from "@/lib/http/route";
import { archiveSplitTemplate, ARCHIVE_SPLIT_TEMPLATE_ERRORS } from "@/lib/split-templates/archive-split-template";
import { getSplitTemplate, GET_SPLIT_TEMPLATE_ERRORS } from "@/lib/split-templates/get-split-template";
import { SplitTemplateResource, TemplateIdParams, UpdateSplitTemplateBody } from "@/lib/split-templates/schemas";
import { updateSplitTemplate, UPDATE_SPLIT_TEMPLATE_ERRORS } from "@/lib/split-templates/update-split-template";

export const GET = route({
  method: "GET",
  path: "/v1/platform/split-templates/{templateId}",
  summary: "Get a split template",
  tags: ["Platform split templates"],
  auth: "platform",
  scope: "splitTemplate:read",
  targetBusiness: true,
  idempotency: "none",
  errors: GET_SPLIT_TEMPLATE_ERRORS,
  params: TemplateIdParams,
  response: { status: 200, schema: SplitTemplateResource },
  handler: async ({ ctx, params }) => getSplitTemplate(ctx, params),
});

export const PATCH = route({
  method: "PATCH",
  path: "/v1/platform/split-templates/{templateId}",
  summary: "Update a split template",
  tags: ["Platform split templates"],
  auth: "platform",
  scope: "splitTemplate:update",
  targetBusiness: true,
  idempotency: "required",
  errors: UPDATE_SPLIT_TEMPLATE_ERRORS,
  params: TemplateIdParams,
  body: UpdateSplitTemplateBody,
  response: { status: 200, schema: SplitTemplateResource },
  handler: async ({ ctx, params, body }) => updateSplitTemplate(ctx, { templateId: params.templateId, body }),
});

export const DELETE = route({
  method: "DELETE",
  path: "/v1/platform/split-templates/{templateId}",
  summary: "Archive a split template",
  tags: ["Platform split templates"],
  auth: "platform",
  scope: "splitTemplate:delete",
  targetBusiness: true,
  idempotency: "none",
  errors: ARCHIVE_SPLIT_TEMPLATE_ERRORS,
  params: TemplateIdParams,
  response: { status: 204, description: "Archived: the template leaves the lists." },
  handler: async ({ ctx, params }) => {
    await archiveSplitTemplate(ctx, params);
    return reply(undefined, { status: 204 });
  },
});
