import { describe, expect, it } from "vitest";
import { getDb } from "./client";
import { newId } from "./ids";
import { inTransaction, isInTransaction } from "./transaction";

describe("inTransaction", () => {
  it("joins an open transaction: a nested call gets the same client, not a savepoint", async () => {
    expect(isInTransaction(getDb())).toBe(false);
    await inTransaction(getDb(), async (tx) => {
      expect(isInTransaction(tx)).toBe(true);
      expect(await inTransaction(tx, async (inner) => inner)).toBe(tx);
    });
  });

  it("rolls back everything, nested work included, when the function throws", async () => {
    const key = `probe-${newId()}`;
    const err = await inTransaction(getDb(), async (tx) => {
      await inTransaction(tx, (inner) =>
        inner.idempotencyRecord.create({
          data: { id: newId(), scope: "probe", key, requestHash: "h", responseStatus: 200, responseHeaders: {}, responseBody: "" },
        }),
      );
      expect(await tx.idempotencyRecord.count({ where: { key } })).toBe(1);
      throw new Error("boom");
    }).catch((e: Error) => e);
    expect(err.message).toBe("boom");
    expect(await getDb().idempotencyRecord.count({ where: { key } })).toBe(0);
  });
});
