// The Node version gate that every npm script runs first.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const { supported, message } = createRequire(import.meta.url)("./check-node.cjs") as { supported: (v: string) => boolean; message: (v: string) => string };

describe("scripts/check-node.cjs", () => {
  it.each(["20.19.0", "20.20.2", "22.12.0", "22.20.1", "24.0.0", "v24.21.0", "26.1.0"])("accepts Node %s", (v) => expect(supported(v)).toBe(true));
  it.each(["18.20.4", "20.18.3", "21.7.3", "22.11.0", "23.11.0"])("refuses Node %s", (v) => expect(supported(v)).toBe(false));

  it("says in one line which Node runs and what to install", () => {
    const m = message("18.20.4");
    expect(m).toContain("this is Node 18.20.4");
    expect(m).toContain("Install Node 24");
    expect(m).not.toContain("\n");
  });

  it("exits 0 silently on this Node, so `npm run --silent seed -- --json` keeps a clean stdout", async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["scripts/check-node.cjs"]);
    expect([stdout, stderr]).toEqual(["", ""]);
  });

  it("every npm script that runs the app, the tests or a tool checks the version first", async () => {
    const { scripts, engines } = (await import("../package.json", { with: { type: "json" } })).default as {
      scripts: Record<string, string>;
      engines: { node: string };
    };
    for (const name of ["preinstall", "dev", "start", "build", "seed", "worker", "bench", "db:migrate", "test", "test:e2e", "test:canary"])
      expect(scripts[name], name).toMatch(/^node scripts\/check-node\.cjs( &&|$)/);
    expect(engines.node).toBe("^20.19.0 || ^22.12.0 || >=24.0.0");
  });
});
