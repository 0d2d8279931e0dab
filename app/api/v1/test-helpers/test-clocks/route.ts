// POST|GET /v1/test-helpers/test-clocks: test mode, a clock that test objects live on (an addition: docs/decisions/test-clocks.md)
import { reply, route } from "@/lib/http/route";
import { createTestClock, CREATE_TEST_CLOCK_ERRORS } from "@/lib/test-clocks/create-test-clock";
import { listTestClocks } from "@/lib/test-clocks/list-test-clocks";
import { CreateTestClockBody, TestClockJson, TestClockList } from "@/lib/test-clocks/schemas";
import { serializeTestClock } from "@/lib/test-clocks/serialize-test-clock";

const common = {
  path: "/v1/test-helpers/test-clocks",
  tags: ["test-helpers"],
  addition: true,
  auth: ["server", "campaign", "platform"] as const,
};

export const POST = route({
  ...common,
  method: "POST",
  summary: "Addition: create a test clock (objects created with its id live on its time until you advance it)",
  description:
    "A server key's clock belongs to its game, a campaign key's to its campaign, a platform key's to its platform. Pass its id as `testClock` " +
    "when creating a checkout grant, a link session, a fund session, an invoice, or a server-side purchase (POST /v1/vc/purchases, POST /v1/wallet/purchase); a subscription bought that way, or through a grant on a clock, lives on it too. " +
    "A live key gets 404, as on every test helper. An addition to the spec.",
  idempotency: "optional",
  errors: CREATE_TEST_CLOCK_ERRORS,
  body: CreateTestClockBody,
  response: { status: 201, schema: TestClockJson },
  handler: async ({ ctx, body }) => reply(serializeTestClock(await createTestClock(ctx, body)), { status: 201 }),
});

export const GET = route({
  ...common,
  method: "GET",
  summary: "Addition: list your test clocks, newest first (at most 100)",
  idempotency: "none",
  errors: [],
  response: { status: 200, schema: TestClockList },
  handler: async ({ ctx }) => ({ data: (await listTestClocks(ctx)).map(serializeTestClock) }),
});
