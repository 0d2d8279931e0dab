import { z } from "zod";
import { Timestamp } from "../core/schemas.ts";

const ADDITION = { "x-coinop-addition": true } as const;

const IsoTime = (what: string) =>
  z
    .string()
    .trim()
    .refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), "must be an ISO 8601 date-time, e.g. 2027-01-01T00:00:00Z")
    .describe(what);

export const TestClockJson = z
  .object({
    id: z.string().describe("clock_test_..."),
    object: z.literal("test_clock"),
    name: z.string().nullable(),
    frozenTime: Timestamp.describe("The clock's time: objects created on it live at this time until it is advanced."),
    status: z.literal("ready").describe("Always ready: a second advance of a clock waits for the first."),
    createdAt: Timestamp,
  })
  .meta(ADDITION);

export const CreateTestClockBody = z.strictObject({
  frozenTime: IsoTime("Where the clock starts: now or later (default: now).").optional(),
  name: z.string().trim().min(1).max(100).optional().describe("A label of your own."),
});

export const AdvanceTestClockBody = z
  .strictObject({
    frozenTime: IsoTime("The time to move the clock to: at or after its current time.").optional(),
    seconds: z
      .number()
      .int("must be a whole number")
      .min(0, "must be at least 0")
      .max(5 * 366 * 86_400, "must be at most 5 years")
      .optional()
      .describe("Or: how far to move it, in seconds."),
  })
  .refine((b) => (b.frozenTime === undefined) !== (b.seconds === undefined), { message: "give exactly one of frozenTime and seconds", path: ["frozenTime"] });

export const TestClockParams = z.object({ clockId: z.string().min(1).max(128) });

export const AdvanceReport = z
  .object({
    clock: TestClockJson,
    advancedFrom: Timestamp,
    advancedTo: Timestamp,
    ran: z
      .array(
        z.object({
          kind: z.enum(["subscription.renewal", "checkout_grant.expiry", "link_session.expiry", "fund_session.expiry", "invoice.due", "webhook.retry"]),
          objectId: z.string(),
          at: Timestamp.describe("The clock time the work was due at (and ran at)."),
          outcome: z.string().describe("renewed, failed, canceled, skipped; expired; past_due; a delivery's status after the attempt"),
        }),
      )
      .describe("The work the advance caused, in the order it ran (time order)."),
  })
  .meta(ADDITION);

export const TestClockList = z.object({ data: z.array(TestClockJson) }).meta(ADDITION);

/** The optional field each clock-aware create call takes (x-coinop-addition). */
export const TestClockField = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .optional()
  .describe("Test mode: the id of one of your test clocks (POST /v1/test-helpers/test-clocks); the object lives on its time.")
  .meta(ADDITION);
