// Batch recipients: a JSON array, or (as in the reference example) JSON-encoded text of that array.
import { z } from "zod";
import { PositiveUnits } from "../core/schemas.ts";

export const MAX_RECIPIENTS = 500;

export const Recipient = z
  .object({
    userRef: z.string().trim().min(1, "must not be empty").optional().describe("The player credited; give this or toPool, not both."),
    toPool: z.boolean().optional().describe("true: the units go back to the treasury pool."),
    amountUnits: PositiveUnits,
    description: z.string().trim().max(256, "must be at most 256 characters").default("").describe("Shown on the recipient's posting."),
  })
  .superRefine((r, ctx) => {
    if ((r.userRef !== undefined) === (r.toPool === true))
      ctx.addIssue({ code: "custom", path: ["userRef"], message: "give exactly one of userRef and toPool: true" });
  });
export type Recipient = z.output<typeof Recipient>;

/** Decodes JSON text to a value; anything else passes through (the array check reports it). */
const decodeText = (v: unknown, ctx: z.RefinementCtx): unknown => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be an array, or JSON text of an array" });
    return z.NEVER;
  }
};

export const Recipients = z
  .preprocess(
    decodeText,
    z
      .array(Recipient, "must be an array, or JSON text of an array")
      .min(1, "must have at least 1 recipient")
      .max(MAX_RECIPIENTS, `must have at most ${MAX_RECIPIENTS} recipients`),
  )
  .describe(`1–${MAX_RECIPIENTS} recipients {userRef | toPool: true, amountUnits, description}, as an array or JSON-encoded text of one.`);
