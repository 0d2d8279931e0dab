// The package as a game server gets it: `npm run sdk:build` (generate, compile) and `npm pack` give a
// tarball that installs into an empty project and works from there (ESM import, a call's typed error, a
// webhook verified). The tarball holds the compiled code, its types and the README, nothing else.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "coinop-sdk-pack-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const run = (cmd: string, args: string[], cwd: string) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

describe("npm pack", () => {
  it("builds an installable tarball whose ESM entry works", { timeout: 180_000 }, () => {
    run("npm", ["run", "--silent", "sdk:build"], ROOT);
    const [packed] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", tmp], path.join(ROOT, "sdk"))) as {
      filename: string;
      files: { path: string }[];
    }[];
    const files = packed.files.map((f) => f.path).sort();
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/index.d.ts");
    expect(files).toContain("dist/generated/openapi.d.ts");
    expect(files).toContain("dist/generated/idempotent.js");
    expect(files).toContain("README.md");
    expect(files.filter((f) => !f.startsWith("dist/") && f !== "README.md" && f !== "package.json")).toEqual([]);
    expect(files.some((f) => f.endsWith(".json") && f.startsWith("dist/"))).toBe(false); // the 1.8 MB document stays out

    const app = path.join(tmp, "app");
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "game-server", private: true, type: "module" }));
    run("npm", ["install", "--no-audit", "--no-fund", "--offline", path.join(tmp, packed.filename)], app);
    fs.writeFileSync(
      path.join(app, "main.mjs"),
      `import { Coinop, CoinopConnectionError, webhooks } from "@coinop/sdk";
const coinop = new Coinop({ baseUrl: "http://127.0.0.1:9", apiKey: "service_server_test_x", gameId: "g", maxAttempts: 1 });
const failed = await coinop.game.get().catch((e) => e);
const body = '{"event":"Webhook.Ping","data":{},"timestamp":"2026-01-01T00:00:00.000Z"}';
const event = webhooks.verify(body, { "x-service-timestamped-signature": webhooks.signTimestamped(body, Math.floor(Date.now() / 1000), "whsec_1") }, "whsec_1");
console.log(JSON.stringify({ connection: failed instanceof CoinopConnectionError, event: event.event }));
`,
    );
    expect(JSON.parse(run("node", ["main.mjs"], app))).toEqual({ connection: true, event: "Webhook.Ping" });
  });
});
