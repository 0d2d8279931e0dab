// "Approve" and "Reject" on a platform's live scope request (/operator/scope-requests), with the why.
import { z } from "zod";
import { decideScopeRequest } from "../platform/decide-scope-request.ts";
import { OperatorNote, operatorCommand } from "./operator-command.ts";

export const reviewScopeRequest = operatorCommand({
  input: z.object({
    requestId: z.string().min(1).max(64),
    decision: z.enum(["approve", "reject"], { error: "Choose approve or reject." }),
    note: OperatorNote,
  }),
  run: (ctx, input) => decideScopeRequest(ctx, input),
});
