// "Move to …" on a player's compliance review (/operator/compliance/{id}): any of the five statuses, from the
// one the page showed (`from`: a review that moved meanwhile is refused), with the why.
import { z } from "zod";
import { VERIFICATION_STATUSES } from "../businesses/verification-statuses.ts";
import { decideCompliance } from "../business-users/decide-compliance.ts";
import { OperatorNote, operatorCommand } from "./operator-command.ts";

export const reviewCompliance = operatorCommand({
  input: z.object({
    complianceId: z.string().min(1).max(64),
    from: z.enum(VERIFICATION_STATUSES, { error: "Reload the page: the status it showed is unknown." }),
    status: z.enum(VERIFICATION_STATUSES, { error: "Choose a status." }),
    note: OperatorNote,
  }),
  run: (ctx, input) => decideCompliance(ctx, input),
});
