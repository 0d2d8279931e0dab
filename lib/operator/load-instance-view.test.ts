// The instance view against PostgreSQL: the queues' counts, the job queue by state and its failing tasks, the
// webhook endpoints disabled across tenants, the migrations state (up to date here; pending, edited and unknown
// ones against a directory that differs), and whether payments and mail are configured.
import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { countLiveWorkers, loadInstanceView, loadJobQueue, loadMigrationsState } from "./load-instance-view";

const db = () => getDb();

describe("the instance view", () => {
  it("counts the queues, the jobs by state with the failing tasks, and lists disabled endpoints", async () => {
    const before = await loadInstanceView({ db: db() });
    expect(before.payments).toEqual({ configured: false, webhookSecret: false });
    expect(before.mail.configured).toBe(false);
    await db().platformScopeRequest.create({ data: { id: newId(), platformId: newId(), environment: "live", scopes: ["gift:read"] } });
    await db().platformScopeRequest.create({ data: { id: newId(), platformId: newId(), environment: "test", scopes: ["gift:read"] } });
    const endpoint = await db().webhookEndpoint.create({
      data: { id: newId(), ownerType: "game", ownerId: newId(), url: "https://hooks.example/x", disabledAt: new Date(), disabledReason: "failing for 3 days" },
    });
    const deleted = await db().webhookEndpoint.create({
      data: { id: newId(), ownerType: "game", ownerId: newId(), url: "https://hooks.example/y", disabledAt: new Date(), deletedAt: new Date() },
    });
    const jobsBefore = await loadJobQueue({ db: db() });
    await enqueueJob(db(), "operator-view-test", { n: 1 });
    await enqueueJob(db(), "operator-view-test", { n: 2 });
    await db().$executeRaw`UPDATE graphile_worker._private_jobs j SET attempts = max_attempts, last_error = ${"boom\nstack"}
      FROM graphile_worker._private_tasks t WHERE t.id = j.task_id AND t.identifier = 'operator-view-test' AND j.payload->>'n' = '2'`;
    const view = await loadInstanceView({ db: db() });
    expect(view.queues.scopeRequests).toBe(before.queues.scopeRequests + 1);
    expect(view.jobs.present).toBe(true);
    expect(view.jobs.waiting).toBe(jobsBefore.waiting + 1);
    expect(view.jobs.failed).toBe(jobsBefore.failed + 1);
    expect(view.jobs.failingTasks).toContainEqual({ task: "operator-view-test", failed: 1, lastError: "boom" });
    expect(view.migrations).toMatchObject({ state: "up_to_date" });
    expect(await countLiveWorkers({ db: db() })).toBe(0); // no worker runs on this test database
    expect(view.disabledEndpoints).toContainEqual({
      id: endpoint.id,
      ownerType: "game",
      ownerId: endpoint.ownerId,
      url: "https://hooks.example/x",
      disabledAt: endpoint.disabledAt,
      reason: "failing for 3 days",
    });
    expect(view.disabledEndpoints.map((e) => e.id)).not.toContain(deleted.id);
  });

  it("reads the migrations state against the repository's directory", async () => {
    const applied = await db().$queryRaw<
      { name: string; checksum: string }[]
    >`SELECT migration_name AS name, checksum FROM "_prisma_migrations" ORDER BY migration_name`;
    const dir = await mkdtemp(path.join(tmpdir(), "migrations-"));
    const real = path.resolve("prisma/migrations");
    const { readFile } = await import("node:fs/promises");
    for (const m of applied) {
      await mkdir(path.join(dir, m.name));
      await writeFile(path.join(dir, m.name, "migration.sql"), await readFile(path.join(real, m.name, "migration.sql")));
    }
    expect(await loadMigrationsState({ db: db() }, { dir })).toEqual({ state: "up_to_date", applied: applied.length });
    await mkdir(path.join(dir, "99990101000000_next"));
    await writeFile(path.join(dir, "99990101000000_next", "migration.sql"), "SELECT 1;");
    expect(await loadMigrationsState({ db: db() }, { dir })).toEqual({ state: "behind", pending: ["99990101000000_next"] });
    await writeFile(path.join(dir, applied[0]!.name, "migration.sql"), "-- edited\n");
    expect(await loadMigrationsState({ db: db() }, { dir })).toEqual({ state: "problem", message: `Edited after they were applied: ${applied[0]!.name}` });
    const fewer = await mkdtemp(path.join(tmpdir(), "migrations-"));
    expect(await loadMigrationsState({ db: db() }, { dir: fewer })).toMatchObject({
      state: "problem",
      message: expect.stringMatching(/^Applied but not in this release: /),
    });
  });
});
