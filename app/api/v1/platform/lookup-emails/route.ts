// POST /v1/platform/lookup-emails: which emails have an account
import { route } from "@/lib/http/route";
import { lookupEmails, LOOKUP_EMAILS_ERRORS } from "@/lib/businesses/lookup-emails";
import { LookupEmailsBody, LookupEmailsResult } from "@/lib/businesses/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/platform/lookup-emails",
  summary: "Look up which emails have an account (nothing else about a user is exposed)",
  tags: ["Businesses"],
  auth: "platform",
  scope: "lookup:emails",
  idempotency: "required",
  errors: LOOKUP_EMAILS_ERRORS,
  body: LookupEmailsBody,
  response: { status: 200, schema: LookupEmailsResult },
  handler: async ({ ctx, body }) => lookupEmails(ctx, body),
});
