// Request and response schemas of split templates, and the recipient list they share with distributions.
import { z } from "zod";
import { parseEmail } from "../core/email.ts";
import { NonEmpty } from "../core/schemas.ts";

export const SPLIT_MODES = ["percentage", "fixed"] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];
export const MAX_RECIPIENTS = 500;

export const SplitMode = z.enum(SPLIT_MODES).describe("percentage: each recipient gets a share of the total; fixed: each recipient gets a dollar amount.");

export const RecipientInput = z
  .object({
    email: z.string().max(254, "must be at most 254 characters").optional().describe("The recipient's email (or give userRef)."),
    userRef: z.string().max(128, "must be at most 128 characters").optional().describe("A business-level userRef (obu_…) in place of email."),
    name: z.string().trim().max(200, "must be at most 200 characters").optional().describe("The recipient's name."),
    percentage: z.number("must be a number").optional().describe("percentage mode: the share in percent (at most 4 decimals); all shares sum to 100."),
    amount: z.number("must be a number").optional().describe("fixed mode: the amount in dollars (whole cents)."),
  })
  .strict()
  .superRefine((r, ctx) => {
    if ((r.email === undefined) === (r.userRef === undefined))
      ctx.addIssue({ code: "custom", message: "give exactly one of email and userRef", path: ["email"] });
    if (r.email !== undefined && !parseEmail(r.email))
      ctx.addIssue({ code: "custom", message: "must be a valid email address, like name@example.com", path: ["email"] });
  });
export type RecipientInput = z.infer<typeof RecipientInput>;

export const RecipientList = z
  .array(RecipientInput)
  .min(1, "must name at least one recipient")
  .max(MAX_RECIPIENTS, `must name at most ${MAX_RECIPIENTS} recipients`)
  .describe("The recipients: each {email or userRef, name, percentage (percentage mode) or amount (fixed mode)}.");

export const CreateSplitTemplateBody = z.object({
  name: NonEmpty(200).describe("The template's name."),
  mode: SplitMode,
  recipients: RecipientList,
});
export type CreateSplitTemplateBody = z.infer<typeof CreateSplitTemplateBody>;

export const UpdateSplitTemplateBody = z
  .object({ name: NonEmpty(200).optional().describe("A new name."), mode: SplitMode.optional(), recipients: RecipientList.optional() })
  .refine((b) => b.name !== undefined || b.mode !== undefined || b.recipients !== undefined, { message: "send at least one of name, mode, recipients" });
export type UpdateSplitTemplateBody = z.infer<typeof UpdateSplitTemplateBody>;

export const TemplateIdParams = z.object({ templateId: z.string().describe("The split template's _id.") });

export const RecipientOut = z
  .object({
    email: z.string().nullable().describe("The recipient's email (null when named by userRef)."),
    userRef: z.string().nullable().describe("The business-level userRef (null when named by email)."),
    name: z.string().describe("The recipient's name."),
    percentage: z.number().nullable().describe("percentage mode: the share in percent."),
    amount: z.number().nullable().describe("fixed mode: the amount in dollars."),
  })
  .meta({ id: "SplitRecipient" });

export const SplitTemplateResource = z
  .object({
    _id: z.string().describe("The template id."),
    name: z.string().describe("The template's name."),
    mode: SplitMode,
    recipients: z.array(RecipientOut).describe("The recipients."),
    recipientCount: z.number().int().describe("How many recipients."),
    isArchived: z.boolean().describe("Whether DELETE archived it."),
    createdAt: z.string().describe("ISO 8601 UTC timestamp."),
    updatedAt: z.string().describe("ISO 8601 UTC timestamp."),
  })
  .meta({ id: "SplitTemplate" });
export type SplitTemplateResource = z.infer<typeof SplitTemplateResource>;

export const SplitTemplateList = z.object({
  templates: z.array(SplitTemplateResource).describe("Non-archived templates, newest first."),
  total: z.number().int().describe("How many non-archived templates."),
});
