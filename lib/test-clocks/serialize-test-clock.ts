import type { TestClock } from "../db/generated/client.ts";

export const serializeTestClock = (c: TestClock) => ({
  id: c.id,
  object: "test_clock" as const,
  name: c.name,
  frozenTime: c.frozenTime.toISOString(),
  status: "ready" as const,
  createdAt: c.createdAt.toISOString(),
});
