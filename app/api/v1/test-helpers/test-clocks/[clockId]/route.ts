// GET|DELETE /v1/test-helpers/test-clocks/{clockId}: one test clock (an addition: docs/decisions/test-clocks.md)
import { z } from "zod";
import { route } from "@/lib/http/route";
import { deleteTestClock, DELETE_TEST_CLOCK_ERRORS } from "@/lib/test-clocks/delete-test-clock";
import { findTestClock, FIND_TEST_CLOCK_ERRORS } from "@/lib/test-clocks/find-test-clock";
import { TestClockJson, TestClockParams } from "@/lib/test-clocks/schemas";
import { serializeTestClock } from "@/lib/test-clocks/serialize-test-clock";

const common = {
  path: "/v1/test-helpers/test-clocks/{clockId}",
  tags: ["test-helpers"],
  addition: true,
  auth: ["server", "campaign", "platform"] as const,
  params: TestClockParams,
};

export const GET = route({
  ...common,
  method: "GET",
  summary: "Addition: a test clock and its time",
  idempotency: "none",
  errors: FIND_TEST_CLOCK_ERRORS,
  response: { status: 200, schema: TestClockJson },
  handler: async ({ ctx, params }) => serializeTestClock(await findTestClock(ctx, { id: params.clockId })),
});

export const DELETE = route({
  ...common,
  method: "DELETE",
  summary: "Addition: delete a test clock; its objects stay, detached, and live on real time from then on",
  idempotency: "optional",
  errors: DELETE_TEST_CLOCK_ERRORS,
  response: {
    status: 200,
    schema: z.object({ id: z.string(), object: z.literal("test_clock"), deleted: z.literal(true) }).meta({ "x-coinop-addition": true }),
  },
  handler: async ({ ctx, params }) => deleteTestClock(ctx, { id: params.clockId }),
});
