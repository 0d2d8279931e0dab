// The CI check for import cycles between folders of lib/, run as CI runs it, on fixture trees.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const script = path.join(import.meta.dirname, "check-cycles.ts");
const tsx = path.join(import.meta.dirname, "..", "node_modules", ".bin", "tsx");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "check-cycles-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A fixture tree: { "a/x.ts": "source" } under a new directory. */
const fixture = (name: string, files: Record<string, string>): string => {
  const dir = path.join(tmp, name);
  for (const [f, src] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), src);
  }
  return dir;
};

const check = async (dir: string): Promise<{ code: number; out: string }> => {
  try {
    const { stdout, stderr } = await run(tsx, [script, dir]);
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
};

const layered = {
  "core/errors.ts": "export class AppError extends Error {}\n",
  "db/client.ts": 'import { AppError } from "../core/errors.ts";\nexport const db = () => new AppError("x");\n',
  // a type-only import back up the layers is erased at build time: not an edge
  "core/context.ts": 'import type { db } from "../db/client.ts";\nexport type Ctx = { db: typeof db };\n',
  "ledger/post.ts":
    'import { db } from "../db/client";\nimport { type Ctx, type Ctx as C2 } from "../core/context.ts";\nexport const post = (_c: Ctx | C2) => db();\n',
  // tests may import anything
  "db/client.test.ts": 'import { post } from "../ledger/post.ts";\nvoid post;\n',
};

describe("scripts/check-cycles.ts", () => {
  it("exits 0 when the folders form layers, ignoring type-only imports and tests", async () => {
    const { code, out } = await check(fixture("layered", layered));
    expect(out).toContain("no import cycle");
    expect(code).toBe(0);
  });

  it("exits 1 and names the folders and files of a cycle", async () => {
    const dir = fixture("cycle", { ...layered, "db/audit.ts": 'import { post } from "../ledger/post.ts";\nexport const audit = post;\n' });
    const { code, out } = await check(dir);
    expect(code).toBe(1);
    expect(out).toContain("import cycle between folders: db, ledger");
    expect(out).toContain("db -> ledger: db/audit.ts");
    expect(out).toContain("ledger -> db: ledger/post.ts");
  });

  it("counts a dynamic import and a re-export as edges", async () => {
    const dir = fixture("dynamic", {
      ...layered,
      "db/lazy.ts": 'export { post } from "../ledger/post.ts";\nexport const later = () => import("../ledger/post.ts");\n',
    });
    const { code, out } = await check(dir);
    expect(code).toBe(1);
    expect(out).toContain("db -> ledger: db/lazy.ts");
  });

  it("finds no cycle in lib/ today", async () => {
    const { code, out } = await check(path.join(import.meta.dirname, "..", "lib"));
    expect(out).toContain("no import cycle");
    expect(code).toBe(0);
  });
});
