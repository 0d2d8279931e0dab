// /api/ready while draining: the launcher's mark file turns it 503 {status:"draining"} whatever the checks
// say, and removing it restores the plain answer. The launcher side (SIGTERM marks, waits
// SHUTDOWN_DRAIN_MS while requests are still served, then stops) runs in the fault run's
// sigterm-under-load scenario against `npm start`.
import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { GET } from "@/app/api/ready/route";
import { clearDraining, drainFileOf, isDraining, markDraining } from "./draining";

const file = drainFileOf(900_000_000 + process.pid);
afterEach(() => {
  clearDraining(file);
  delete process.env.COINOP_DRAIN_FILE;
});

describe("draining", () => {
  it("is off without COINOP_DRAIN_FILE, or while its file does not exist", () => {
    expect(isDraining()).toBe(false);
    process.env.COINOP_DRAIN_FILE = file;
    expect(isDraining()).toBe(false);
    markDraining(file);
    expect(fs.existsSync(file)).toBe(true);
    expect(isDraining()).toBe(true);
    clearDraining(file);
    expect(isDraining()).toBe(false);
  });

  it("turns /api/ready into 503 {status:'draining'} with Retry-After, and back", async () => {
    process.env.COINOP_DRAIN_FILE = file;
    const before = await GET();
    expect(before.status).toBe(503); // no worker runs in this file: "unavailable", not draining
    expect((await before.json()).status).toBe("unavailable");

    markDraining(file);
    const r = await GET();
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("5");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(await r.json()).toEqual({ status: "draining", checks: { database: "ok", migrations: "ok", worker: "failing" } });

    clearDraining(file);
    expect((await (await GET()).json()).status).toBe("unavailable");
  });
});
