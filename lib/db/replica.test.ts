// Reads on a real streaming replica (lib/db/replica.ts): an embedded PostgreSQL primary of its own, migrated,
// and a replica of it (lib/db/embedded-replica.ts) streaming through a slot. The file points DATABASE_URL and
// DATABASE_REPLICA_URL at them for its duration.
import { describe, expect, it } from "vitest";
import { GET as balanceRoute } from "../../app/api/v1/vc/balances/route.ts";
import { POST as creditRoute } from "../../app/api/v1/vc/credits/route.ts";
import { GET as gameRoute } from "../../app/api/v1/game/route.ts";
import { GET as journalsRoute } from "../../app/api/v1/vc/journals/route.ts";
import { call } from "../../tests/support/http.ts";
import { idem, makeVcGame } from "../../tests/support/vc.ts";
import { vcAsset } from "../ledger/accounts.ts";
import { replicaStats, resetReplicaStats } from "./replica.ts";
import { useReplicaPair } from "../../tests/support/replica-pair.ts";

const { onReplica, caughtUp, stopReplica } = useReplicaPair("replica");

describe("read-only routes on a streaming replica", () => {
  it("is a real standby of the primary", async () => {
    expect((await onReplica("SELECT pg_is_in_recovery() AS r"))[0].r).toBe(true);
    // the schema came over with the base backup and the migrations' rows with it
    expect(Number((await onReplica(`SELECT count(*)::int AS n FROM "_prisma_migrations"`))[0].n)).toBeGreaterThan(10);
  });

  it("a writer always reads its own writes; others (and the writer, once replayed) read on the replica", async () => {
    const g = await makeVcGame({ players: 1 });
    const [userRef] = g.users;
    resetReplicaStats();
    let expected = 0;
    for (let i = 1; i <= 25; i++) {
      const credit = await call(creditRoute, {
        headers: idem(g.headers),
        body: { currencyId: g.currencyId, userRef, amountUnits: String(i), orderId: `o-${i}` },
      });
      expect(credit.status).toBe(201);
      expected += i;
      // at once, by the same key: never an older balance
      const read = await call(balanceRoute, { headers: g.headers, query: { currencyId: g.currencyId, userRef } });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ currencyId: g.currencyId, userRef, balanceUnits: String(expected) });
    }
    const stats = replicaStats();
    expect(stats.lsnChecks).toBe(25);
    expect(stats.replicaReads + stats.primaryReads).toBe(25);

    await caughtUp();
    resetReplicaStats();
    const game = await call(gameRoute, { headers: g.headers });
    expect(game.status).toBe(200);
    expect(JSON.stringify(game.body)).toContain(g.game.id);
    const journals = await call(journalsRoute, { headers: g.headers, query: { currencyId: g.currencyId } });
    expect(journals.status).toBe(200);
    expect(replicaStats()).toMatchObject({ replicaReads: 2, primaryReads: 0 });
  });

  it("a replica behind a writer's write never answers that writer; it answers a caller that did not write", async () => {
    const writer = await makeVcGame({ players: 1 });
    const reader = await makeVcGame({ players: 1 });
    const credit = (g: typeof writer, n: number) =>
      call(creditRoute, { headers: idem(g.headers), body: { currencyId: g.currencyId, userRef: g.users[0], amountUnits: String(n), orderId: `p-${n}` } });
    expect((await credit(writer, 5)).status).toBe(201);
    expect((await credit(reader, 7)).status).toBe(201);
    await caughtUp();
    // the reader's key reads once, so its mark is dropped (it has not written since)
    await call(balanceRoute, { headers: reader.headers, query: { currencyId: reader.currencyId, userRef: reader.users[0] } });

    await onReplica("SELECT pg_wal_replay_pause()");
    try {
      expect((await credit(writer, 100)).status).toBe(201);
      // the replica really is behind: it still has 5
      const stale = await onReplica(`SELECT balance::text FROM "LedgerAccount" WHERE kind = 'user' AND "ownerRef" = $1 AND asset = $2`, [
        writer.users[0],
        vcAsset(writer.currencyId),
      ]);
      expect(stale.map((r) => r.balance)).toEqual(["5"]);
      resetReplicaStats();
      const mine = await call(balanceRoute, { headers: writer.headers, query: { currencyId: writer.currencyId, userRef: writer.users[0] } });
      expect(mine.body).toMatchObject({ balanceUnits: "105" });
      expect(replicaStats()).toMatchObject({ heldForWriter: 1, primaryReads: 1, replicaReads: 0 });
      const theirs = await call(balanceRoute, { headers: reader.headers, query: { currencyId: reader.currencyId, userRef: reader.users[0] } });
      expect(theirs.body).toMatchObject({ balanceUnits: "7" });
      expect(replicaStats()).toMatchObject({ replicaReads: 1 });
    } finally {
      await onReplica("SELECT pg_wal_replay_resume()");
    }
    await caughtUp();
    resetReplicaStats();
    const after = await call(balanceRoute, { headers: writer.headers, query: { currencyId: writer.currencyId, userRef: writer.users[0] } });
    expect(after.body).toMatchObject({ balanceUnits: "105" });
    expect(replicaStats()).toMatchObject({ replicaReads: 1, heldForWriter: 0 });
  });

  it("a replica that goes away: reads move to the primary, with the right answer, and stay there a while", async () => {
    const g = await makeVcGame({ players: 1 });
    const credit = await call(creditRoute, {
      headers: idem(g.headers),
      body: { currencyId: g.currencyId, userRef: g.users[0], amountUnits: "9", orderId: "q-1" },
    });
    expect(credit.status).toBe(201);
    await caughtUp();
    await call(gameRoute, { headers: g.headers }); // the key's mark is dropped: its next read goes to the replica unchecked
    await stopReplica();
    resetReplicaStats();
    const read = await call(balanceRoute, { headers: g.headers, query: { currencyId: g.currencyId, userRef: g.users[0] } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ balanceUnits: "9" });
    expect(replicaStats()).toMatchObject({ replicaReads: 1, replicaErrors: 1 });
    const again = await call(gameRoute, { headers: g.headers });
    expect(again.status).toBe(200);
    expect(replicaStats()).toMatchObject({ replicaReads: 1, primaryReads: 1 });
  });
});
