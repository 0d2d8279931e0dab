// "Approve", "Ask for action" and "Reject" on a business's activation review (/operator/activations/{id}).
// The note is required for every decision (why), and is what the business reads when it must act.
import { z } from "zod";
import { decideActivation } from "../activation/decide-activation.ts";
import { OperatorNote, operatorCommand } from "./operator-command.ts";

export const reviewActivation = operatorCommand({
  input: z.object({
    businessId: z.string().min(1).max(64),
    decision: z.enum(["approve", "reject", "request_action"], { error: "Choose approve, ask for action or reject." }),
    note: OperatorNote,
  }),
  run: (ctx, input) => decideActivation(ctx, input),
});
