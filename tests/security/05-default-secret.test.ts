// Finding 5 of issue 9, written as the attack: CHECKOUT_SIGNING_SECRET fell back to a value in the source,
// and `npm start` only warned. Anyone who read the source could then forge grant, success and cancel URLs
// for any id (and, with one key for every purpose, a signature made for one kind of URL opened another).
// Rule: a production server refuses to start with a missing, short or public signing secret, saying which
// variable to set and how; every purpose signs with its own key, derived from the master secret.
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEV_MASTER_SECRET } from "@/lib/config/master-secret";
import { grantCheckoutUrl, parseCheckoutUrl, signGrantId, signId, verifyGrantSignature, verifyIdSignature } from "@/lib/checkout/sign-url";
import { signWalletToken, verifyWalletToken } from "@/lib/wallet/wallet-link-token";

const GOOD = "test-only-coinop-secret-0123456789abcdef";

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

type Run = { code: number | null; stdout: string; stderr: string; ms: number };

/** Runs `node --import tsx <args>` in the project with `env` on top of a clean environment; kills it after 30 s. */
const run = (args: string[], env: Record<string, string>): Promise<Run> =>
  new Promise((resolve) => {
    const started = Date.now();
    const base = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(COINOP_SECRET|CHECKOUT_SIGNING_SECRET|NEXTAUTH_SECRET|DATABASE_URL|NODE_ENV)$/.test(k)),
    );
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: process.cwd(), env: { ...base, ...env } as NodeJS.ProcessEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });

const tmp: string[] = [];
afterEach(() => {
  for (const dir of tmp.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm start` (scripts/launch.ts start) in production with these secrets, its own ports and an empty database dir. */
const npmStart = async (secrets: Record<string, string>) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coinop-05-"));
  tmp.push(dir);
  const port = await freePort();
  const pgPort = await freePort();
  const pgDir = path.join(dir, "pg");
  const result = await run(["scripts/launch.ts", "start"], {
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: "",
    EMBEDDED_PG_PORT: String(pgPort),
    EMBEDDED_PG_DIR: pgDir,
    // an empty build dir: a start that got past the secret check would stop at "no production build"
    NEXT_DIST_DIR: path.join(dir, "build"),
    ...secrets,
  });
  return { ...result, port, pgPort, pgDir };
};

describe("npm start in production refuses an unsafe signing secret", () => {
  it.each([
    ["no secret at all", {}, /COINOP_SECRET is not set\. .*set COINOP_SECRET to the output of `openssl rand -hex 32`/],
    [
      "the development default (old name)",
      { CHECKOUT_SIGNING_SECRET: DEV_MASTER_SECRET },
      /CHECKOUT_SIGNING_SECRET is the development default, which is public\. Set COINOP_SECRET to a random secret: the output of `openssl rand -hex 32`/,
    ],
    ["the development default", { COINOP_SECRET: DEV_MASTER_SECRET }, /COINOP_SECRET is the development default/],
    [
      "a short secret",
      { COINOP_SECRET: "hunter2" },
      /COINOP_SECRET is 7 characters long; production needs at least 32\. Set COINOP_SECRET to the output of `openssl rand -hex 32`/,
    ],
  ])("%s: exits 1 at once with one line saying what to set, before the database or the server starts", async (_name, secrets, message) => {
    const r = await npmStart(secrets);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(message);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.ms).toBeLessThan(20_000);
    expect(r.stdout).not.toMatch(/Coinop is running|\[db\]/);
    expect(fs.existsSync(r.pgDir)).toBe(false);
    expect(await answers(r.port)).toBe(false);
    expect(await answers(r.pgPort)).toBe(false);
  });

  it("a random secret of 32+ characters passes the check (and the start goes on to look for the build)", async () => {
    const r = await npmStart({ COINOP_SECRET: GOOD });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/There is no production build yet/);
    expect(r.stderr).not.toMatch(/COINOP_SECRET/);
  });

  it("a bare `next start` refuses too: the instrumentation hook exits 1 with the same line", async () => {
    const hook = 'import("./instrumentation.tsx").then((m) => m.register()).then(() => console.log("registered"))';
    const refused = await run(["-e", hook], { NODE_ENV: "production", NEXT_RUNTIME: "nodejs", COINOP_SECRET: "short" });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/COINOP_SECRET is 5 characters long/);
    expect(refused.stdout).not.toMatch(/registered/);
    const accepted = await run(["-e", hook], { NODE_ENV: "production", NEXT_RUNTIME: "nodejs", COINOP_SECRET: GOOD, COINOP_IN_PROCESS_WORKER: "0" });
    expect(accepted.stdout).toMatch(/registered/);
    expect(accepted.code).toBe(0);
  });
});

describe("each purpose signs with its own key", () => {
  afterEach(() => {
    delete process.env.COINOP_SECRET;
  });

  it("a URL forged with the public default as the key opens nothing", () => {
    process.env.COINOP_SECRET = GOOD;
    const forged = createHmac("sha256", DEV_MASTER_SECRET).update("ckg_victim").digest("hex");
    expect(parseCheckoutUrl(`http://localhost:3000/checkout/g/ckg_victim?sig=${forged}`)).toBeNull();
    expect(verifyIdSignature("pur_victim", createHmac("sha256", DEV_MASTER_SECRET).update("pur_victim").digest("hex"))).toBe(false);
    expect(parseCheckoutUrl(grantCheckoutUrl("ckg_victim"))).toEqual({ kind: "grant", grantId: "ckg_victim" });
  });

  it("a grant signature is not a purchase signature (success/cancel URL) nor a wallet token, and the other way round", () => {
    process.env.COINOP_SECRET = GOOD;
    const id = "same_id_for_both";
    const grantSig = signGrantId(id);
    const purchaseSig = signId(id);
    expect(grantSig).not.toBe(purchaseSig);
    expect(verifyGrantSignature(id, grantSig)).toBe(true);
    expect(verifyIdSignature(id, purchaseSig)).toBe(true);
    expect(verifyIdSignature(id, grantSig)).toBe(false);
    expect(verifyGrantSignature(id, purchaseSig)).toBe(false);

    // a wallet token whose MAC was made with the grant key (or the purchase key) does not verify
    const token = signWalletToken({ g: "game1", e: "test", u: "gmu_test_victim", x: Math.floor(Date.now() / 1000) + 600 }, "whsec_game1");
    expect(verifyWalletToken(token, "whsec_game1")).toBe(true);
    const [payload] = token.split(".");
    for (const sig of [signGrantId(payload), signId(payload)]) {
      expect(verifyWalletToken(`${payload}.${Buffer.from(sig, "hex").toString("base64url")}`, "whsec_game1")).toBe(false);
    }
  });
});
