import { describe, expect, it } from "vitest";
import { cronItems, parsedCronItems } from "./crontab.ts";
import { taskNames } from "./job-tasks.ts";

describe("crontab", () => {
  it("parses, and every periodic job names a registered task", () => {
    const parsed = parsedCronItems();
    expect(parsed).toHaveLength(cronItems.length);
    for (const item of parsed) expect(taskNames()).toContain(item.task);
  });

  it("prunes idempotency records hourly without backfilling", () => {
    const prune = parsedCronItems().find((i) => i.identifier === "idempotency:prune");
    expect(prune?.task).toBe("idempotency:prune");
    expect(prune?.options.backfillPeriod).toBe(0);
    const fires = (h: number, m: number) => prune!.match({ min: m, hour: h, date: 1, month: 1, dow: 1 });
    expect(fires(0, 7)).toBe(true);
    expect(fires(13, 7)).toBe(true);
    expect(fires(13, 8)).toBe(false);
  });

  it("registers the webhook delivery task", () => {
    expect(taskNames()).toEqual(expect.arrayContaining(["webhooks:deliver", "idempotency:prune"]));
  });
});

describe("link session expiry job", () => {
  it("runs every five minutes through the registered sweep", () => {
    const item = parsedCronItems().find((i) => i.identifier === "linking:expire-sessions");
    expect(item?.task).toBe("linking:expire-sessions");
    expect(taskNames()).toContain("linking:expire-sessions");
    const fires = (m: number) => item!.match({ min: m, hour: 3, date: 1, month: 1, dow: 1 });
    expect([0, 5, 55].map(fires)).toEqual([true, true, true]);
    expect(fires(7)).toBe(false);
  });
});
