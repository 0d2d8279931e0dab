// POST /v1/test-helpers/test-clocks/{clockId}/advance: move a test clock forward and run what came due (docs/decisions/test-clocks.md)
import { route } from "@/lib/http/route";
import { advanceTestClock, ADVANCE_TEST_CLOCK_ERRORS } from "@/lib/flows/advance-test-clock";
import { AdvanceReport, AdvanceTestClockBody, TestClockParams } from "@/lib/test-clocks/schemas";

export const POST = route({
  method: "POST",
  path: "/v1/test-helpers/test-clocks/{clockId}/advance",
  summary: "Addition: move a test clock forward; what came due on it runs, in time order, before the answer",
  description:
    "Give `frozenTime` (at or after the clock's time; earlier is 400 TEST_CLOCK_BACKWARDS) or `seconds`. Everything on the clock that waits on time " +
    "happens as it would have: subscription renewals charge, checkout grants, link sessions and fund sessions expire, sent invoices fall due " +
    "(Platform.Invoice.PastDue), webhook retries of its objects fire in order. The answer lists the work in the order it ran. Two advances of " +
    "one clock never overlap: the second waits, then moves on from where the first left the clock. An addition to the spec.",
  tags: ["test-helpers"],
  addition: true,
  auth: ["server", "campaign", "platform"],
  idempotency: "optional",
  errors: ADVANCE_TEST_CLOCK_ERRORS,
  params: TestClockParams,
  body: AdvanceTestClockBody,
  response: { status: 200, schema: AdvanceReport },
  handler: async ({ ctx, params, body }) => advanceTestClock(ctx, { id: params.clockId, ...body }),
});
