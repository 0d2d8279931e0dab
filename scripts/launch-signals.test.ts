// `npm run dev` stops on a signal sent to the npm process itself (kill -INT <npm pid>, what a process
// manager or an IDE's stop button does; Ctrl-C in a terminal signals the whole process group instead).
// npm forwards SIGINT and SIGTERM to its child only: the script must be that child (`exec`), not a shell
// waiting for it. A clean stop prints no error and leaves the embedded PostgreSQL stopped.
// Runs the real thing: npm, the launcher, the web process (scripts/serve.ts --dev under Node's watch mode:
// /api/v1 through the API dispatch, the pages through Next.js's dev server), the worker process and an
// embedded PostgreSQL, on free ports with a data directory of its own.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { runningPostmaster } from "../lib/db/embedded.ts";
import { answers, freePort } from "../tests/support/net.ts";

fs.mkdirSync(path.resolve(".data"), { recursive: true });
const root = fs.mkdtempSync(path.resolve(".data/launch-signals-"));
fs.chmodSync(root, 0o755); // the embedded server runs as the postgres user under root

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("npm run dev", () => {
  it.each([
    ["the npm process (kill -INT <pid>)", false],
    ["the process group (Ctrl-C in a terminal)", true],
  ])(
    "SIGINT to %s stops the worker, the web process and then the embedded PostgreSQL, with no error",
    async (_, group) => {
      const [port, pgPort] = [await freePort(), await freePort()];
      const dataDir = path.join(root, group ? "pg-group" : "pg");
      // a process group of its own, so that the cleanup below reaches everything the run started
      const npm = spawn("npm", ["run", "dev"], {
        detached: true,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          NODE_ENV: "development",
          DATABASE_URL: "",
          PORT: String(port),
          APP_URL: `http://localhost:${port}`,
          EMBEDDED_PG_PORT: String(pgPort),
          EMBEDDED_PG_DIR: dataDir,
        },
      });
      let output = "";
      npm.stdout!.on("data", (c) => (output += c));
      npm.stderr!.on("data", (c) => (output += c));
      const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => npm.once("exit", (code, signal) => r({ code, signal })));
      try {
        // ready: the launcher announced the app and the worker process runs
        for (const until = Date.now() + 150_000; !(output.includes("Coinop is running at") && output.includes("[worker] running")); await sleep(250)) {
          if (npm.exitCode !== null || Date.now() > until) throw new Error(`npm run dev did not become ready:\n${output}`);
        }
        expect(await answers(port)).toBe(true);
        expect(runningPostmaster(dataDir)).toMatchObject({ port: pgPort });
        // the dev server's /api/v1 is the API dispatch: its JSON 401, 405 and 404, with the security headers
        const base = `http://127.0.0.1:${port}/api/v1`;
        const anonymous = await fetch(`${base}/game`);
        expect([anonymous.status, ((await anonymous.json()) as { code: string }).code]).toEqual([401, "UNAUTHORIZED"]);
        expect(anonymous.headers.get("x-frame-options")).toBe("DENY");
        const wrongMethod = await fetch(`${base}/game`, { method: "POST" });
        expect([wrongMethod.status, wrongMethod.headers.get("allow")]).toEqual([405, "GET"]);
        await wrongMethod.body?.cancel();
        const unknown = await fetch(`${base}/no/such/thing`);
        expect([unknown.status, ((await unknown.json()) as { code: string }).code]).toEqual([404, "ROUTE_NOT_FOUND"]);

        const sent = Date.now();
        const before = output.length;
        process.kill(group ? -npm.pid! : npm.pid!, "SIGINT");
        const result = await Promise.race([exit, sleep(30_000).then(() => null)]);
        expect(result, `npm run dev still ran 30 s after SIGINT:\n${output}`).not.toBeNull();
        expect(Date.now() - sent).toBeLessThan(30_000);

        // what the stop printed (before the fix: four "[worker] database connection error" lines)
        const stopOutput = output.slice(before);
        expect(stopOutput.split("\n").filter((line) => /error/i.test(line))).toEqual([]);
        expect(stopOutput).toContain("[worker] SIGINT");
        expect(await answers(port)).toBe(false);
        expect(await answers(pgPort)).toBe(false);
        expect(runningPostmaster(dataDir)).toBeNull();
      } finally {
        // whatever the run left behind (before the fix: npm, its shell, the launcher, Next, the worker, postgres)
        try {
          process.kill(-npm.pid!, "SIGKILL");
        } catch {
          // the group is gone: a clean stop
        }
        await exit;
      }
    },
    240_000,
  );
});
