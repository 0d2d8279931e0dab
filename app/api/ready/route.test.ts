// /api/health and /api/ready against the file's real database, with a real graphile-worker runner.
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { PrismaClient } from "@/lib/db/generated/client";
import { workerTasks } from "@/lib/flows/job-tasks";
import { startWorker, stopWorker } from "@/lib/jobs/start-worker";
import { checkReadiness, expectedMigrations, type Readiness } from "@/lib/ops/check-readiness";
import { GET as health } from "../health/route";
import { GET } from "./route";

afterAll(() => stopWorker());

const read = async (res: Response) => ({ status: res.status, body: await res.json(), headers: res.headers });

/** /api/ready until it answers `status` (at most 5 s), for the moments a session takes to start or end. */
const readUntil = async (status: number) => {
  let r = await read(await GET());
  for (let i = 0; i < 50 && r.status !== status; i++) {
    await sleep(100);
    r = await read(await GET());
  }
  return r;
};

const clientFor = (connectionString: string) => new PrismaClient({ adapter: new PrismaPg(new pg.Pool({ connectionString, connectionTimeoutMillis: 10_000 })) });

describe("GET /api/health", () => {
  it("answers 200 {status:'ok'} without a database", async () => {
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = "";
    try {
      const r = await read(health());
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ status: "ok" });
      expect(r.headers.get("cache-control")).toBe("no-store");
    } finally {
      process.env.DATABASE_URL = saved;
    }
  });
});

describe("GET /api/ready", () => {
  it("is 503 with Retry-After while no worker runs, naming the failing check only", async () => {
    const r = await read(await GET());
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("5");
    expect(r.body).toEqual({ status: "unavailable", checks: { database: "ok", migrations: "ok", worker: "failing" } });
  });

  it("is 200 once a worker runs, and 503 again after it stopped", async () => {
    await startWorker({ connectionString: process.env.DATABASE_URL!, ...workerTasks(), pollInterval: 100 });
    // the runner issues its LISTEN just after run() resolved
    const up = await readUntil(200);
    expect(up.status).toBe(200);
    expect(up.headers.get("retry-after")).toBeNull();
    expect(up.body).toEqual({ status: "ok", checks: { database: "ok", migrations: "ok", worker: "ok" } });

    await stopWorker();
    // the server ends the worker's session a moment after its socket closed
    const down = await readUntil(503);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: "unavailable", checks: { database: "ok", migrations: "ok", worker: "failing" } });
  });

  it("reports pending migrations: a migration folder the database has not applied", async () => {
    const expected = [...expectedMigrations(), "29991231000000_not_applied_yet"];
    const r = await checkReadiness({ db: getDb() }, { expected });
    expect(r.ready).toBe(false);
    expect(r.checks).toMatchObject({ database: "ok", migrations: "failing" });
  });

  it("reports a failed migration recorded in _prisma_migrations", async () => {
    await getDb().$executeRaw`INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count)
      VALUES ('ready-test-failed', 'x', '29991231000001_failed', now(), 0)`;
    try {
      expect((await checkReadiness({ db: getDb() })).checks.migrations).toBe("failing");
    } finally {
      await getDb().$executeRaw`DELETE FROM _prisma_migrations WHERE id = 'ready-test-failed'`;
    }
    expect((await checkReadiness({ db: getDb() })).checks.migrations).toBe("ok");
  });

  it("reports an unreachable database (connection refused) as failing everywhere", async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const db = clientFor(`postgres://postgres@127.0.0.1:${port}/none`);
    try {
      expect(await checkReadiness({ db }, { expected: [] })).toEqual({
        ready: false,
        checks: { database: "failing", migrations: "failing", worker: "failing" },
      });
    } finally {
      await db.$disconnect();
    }
  });

  it("answers 'failing' everywhere, once its time bound passes, for a database that accepts connections but never answers", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => void sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const db = clientFor(`postgres://postgres@127.0.0.1:${(silent.address() as net.AddressInfo).port}/none`);
    // the bound is a timer: fake time moves it, so nothing here depends on how fast this machine is
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      let answer: Readiness | undefined;
      void checkReadiness({ db }, { expected: [], timeoutMs: 300 }).then((r) => (answer = r));
      // the database never answers: until the bound, no answer at all
      await vi.advanceTimersByTimeAsync(299);
      expect(answer).toBeUndefined();
      // at the bound, the check gives up: the database (and so everything) failing
      await vi.advanceTimersByTimeAsync(1);
      await new Promise((r) => setImmediate(r));
      expect(answer).toEqual({ ready: false, checks: { database: "failing", migrations: "failing", worker: "failing" } });
    } finally {
      vi.useRealTimers();
      for (const s of sockets) s.destroy();
      silent.close();
      void db.$disconnect().catch(() => undefined);
    }
  });
});
