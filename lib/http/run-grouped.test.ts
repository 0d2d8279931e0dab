import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/core/errors";
import type { ServiceContext } from "@/lib/core/context";
import { runGrouped, type GroupedCall, type GroupedService, type IdempotentOutcome } from "./run-grouped";
import type { StoredResponse } from "./idempotency";
import { gameContextFor } from "../../tests/support/contexts.ts";

const storedOf = (out: unknown): StoredResponse => ({ status: 201, headers: {}, body: JSON.stringify(out) });
/** A service whose reads find nothing to refuse: `write` alone decides. */
const writing = (write: GroupedService["write"]): GroupedService => ({ prepare: async (calls) => calls.map(() => null), write });
const ctx: ServiceContext = gameContextFor({ id: "g", businessId: "b" }, { requestId: "req" });

/** `n` calls of one scope; each, run alone, answers "alone <i>" (and counts how often it ran alone). */
const callsOf = (n: number, scope = `server:${randomUUID()}`) => {
  const alone: number[] = [];
  const calls: GroupedCall[] = Array.from({ length: n }, (_, i) => ({
    claim: { scope, key: `k${i}`, hash: `h${i}` },
    ctx,
    body: { i },
    alone: async (): Promise<IdempotentOutcome> => (alone.push(i), { response: { status: 201, headers: {}, body: `alone ${i}` }, replayed: false }),
  }));
  return { scope, calls, alone };
};

describe("runGrouped", () => {
  beforeEach(() => {
    process.env.GROUP_COMMIT_IN_FLIGHT = "1";
  });
  afterEach(() => {
    delete process.env.GROUP_COMMIT_IN_FLIGHT;
  });

  it("a call with no company runs alone; the ones that gathered meanwhile are written together and stored", async () => {
    const seen: number[][] = [];
    const g = runGrouped(
      writing(async (_tx, calls) => (seen.push(calls.map((c) => (c.body as { i: number }).i)), calls.map((c) => ({ echo: c.body })))),
      storedOf,
    );
    const { scope, calls, alone } = callsOf(5);
    const answers = await Promise.all(calls.map((c) => g.submit(scope, c)));
    expect(alone).toEqual([0]);
    expect(seen).toEqual([[1, 2, 3, 4]]);
    expect(answers.map((a) => a.response.body)).toEqual(["alone 0", ...[1, 2, 3, 4].map((i) => JSON.stringify({ echo: { i } }))]);
    const stored = await getDb().idempotencyRecord.findMany({ where: { scope }, orderBy: { key: "asc" } });
    expect(stored.map((r) => [r.key, r.requestHash, r.responseBody])).toEqual([1, 2, 3, 4].map((i) => [`k${i}`, `h${i}`, JSON.stringify({ echo: { i } })]));

    // the same keys again: replays from the stored answers; another request under a used key: 422
    const again = callsOf(5, scope);
    again.calls[4].claim.hash = "another request";
    const replays = await Promise.all(again.calls.map((c) => g.submit(scope, c).catch((e: AppError) => e)));
    expect(replays.slice(1, 4)).toEqual(
      [1, 2, 3].map((i) => ({ response: { status: 201, headers: {}, body: JSON.stringify({ echo: { i } }) }, replayed: true })),
    );
    expect(replays[4]).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
  });

  it("a call the service refuses gets its error, and only the others are stored", async () => {
    const g = runGrouped(
      writing(async (_tx, calls) => calls.map((c) => ((c.body as { i: number }).i % 2 ? new AppError("USER_REF_NOT_FOUND", "no such user") : "ok"))),
      storedOf,
    );
    const { scope, calls } = callsOf(5);
    const answers = await Promise.all(
      calls.map((c) =>
        g.submit(scope, c).then(
          (a) => a.response.body,
          (e: AppError) => e.code,
        ),
      ),
    );
    expect(answers).toEqual(["alone 0", "USER_REF_NOT_FOUND", '"ok"', "USER_REF_NOT_FOUND", '"ok"']);
    const stored = await getDb().idempotencyRecord.findMany({ where: { scope }, orderBy: { key: "asc" } });
    expect(stored.map((r) => r.key)).toEqual(["k2", "k4"]);
  });

  it("when the batch transaction fails, every call of it falls back to running alone, and nothing of the batch is kept", async () => {
    const g = runGrouped(
      writing(async () => {
        throw new Error("the batch failed");
      }),
      storedOf,
    );
    const { scope, calls, alone } = callsOf(4);
    const answers = await Promise.all(calls.map((c) => g.submit(scope, c)));
    expect(answers.map((a) => a.response.body)).toEqual(["alone 0", "alone 1", "alone 2", "alone 3"]);
    expect(alone.sort()).toEqual([0, 1, 2, 3]);
    expect(await getDb().idempotencyRecord.count({ where: { scope } })).toBe(0);
  });

  it("two calls of one key in a batch: the second gets 409 in flight", async () => {
    const g = runGrouped(
      writing(async (_tx, calls) => calls.map(() => "ok")),
      storedOf,
    );
    const { scope, calls } = callsOf(3);
    calls[2] = { ...calls[1] };
    const answers = await Promise.all(
      calls.map((c) =>
        g.submit(scope, c).then(
          (a) => a.response.body,
          (e: AppError) => e.code,
        ),
      ),
    );
    expect(answers).toEqual(["alone 0", '"ok"', "IDEMPOTENCY_IN_PROGRESS"]);
  });

  it("a call refused while the batch is prepared gets its error: write never sees it, nothing of it is stored", async () => {
    const written: number[][] = [];
    const g = runGrouped(
      {
        prepare: async (calls) => calls.map((c) => ((c.body as { i: number }).i === 2 ? new AppError("CURRENCY_NOT_FOUND", "no such currency") : { ok: true })),
        write: async (_tx, calls) => (written.push(calls.map((c) => (c.body as { i: number }).i)), calls.map((c) => ({ prepared: c.prepared }))),
      },
      storedOf,
    );
    const { scope, calls } = callsOf(4);
    const answers = await Promise.all(
      calls.map((c) =>
        g.submit(scope, c).then(
          (a) => a.response.body,
          (e: AppError) => e.code,
        ),
      ),
    );
    expect(answers).toEqual(["alone 0", JSON.stringify({ prepared: { ok: true } }), "CURRENCY_NOT_FOUND", JSON.stringify({ prepared: { ok: true } })]);
    expect(written).toEqual([[1, 3]]);
    const stored = await getDb().idempotencyRecord.findMany({ where: { scope }, orderBy: { key: "asc" } });
    expect(stored.map((r) => r.key)).toEqual(["k1", "k3"]);
  });

  it("what write wrote in the batch's transaction is gone when the batch fails after it", async () => {
    const marker = `run-grouped-${randomUUID()}`;
    const g = runGrouped(
      writing(async (tx) => {
        await tx.$executeRaw`INSERT INTO "ObjectSequence" ("objectKey", "last") VALUES (${marker}, 1)`;
        throw new Error("the batch failed after writing");
      }),
      storedOf,
    );
    const { scope, calls, alone } = callsOf(3);
    const answers = await Promise.all(calls.map((c) => g.submit(scope, c)));
    expect(answers.map((a) => a.response.body)).toEqual(["alone 0", "alone 1", "alone 2"]);
    expect(alone.sort()).toEqual([0, 1, 2]);
    expect(await getDb().objectSequence.count({ where: { objectKey: marker } })).toBe(0);
    expect(await getDb().idempotencyRecord.count({ where: { scope } })).toBe(0);
  });
});
