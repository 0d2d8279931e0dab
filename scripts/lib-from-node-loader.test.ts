import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error a CommonJS loader of Turbopack's, without types
import loader from "./lib-from-node-loader.cjs";

const { exportNames } = loader as { exportNames: (source: string, file: string) => string[] };
const names = (source: string) => exportNames(source, "lib/x/y.ts");

describe("lib-from-node-loader: the export names of a lib/ module", () => {
  it("lists the run-time exports in source order, types left out", () => {
    const source = `
      import type { A } from "./a.ts";
      export type T = string;
      export interface I { a: number }
      export const one = 1, two = 2;
      export function f() {}
      export async function g() {}
      export class C {}
      const h = 3, k = 4;
      export { h, k as kay, type A };
      export type { T as U };
      export default f;
      declare const d: number;
    `;
    expect(names(source)).toEqual(["one", "two", "f", "g", "C", "h", "kay", "default"]);
  });

  it("follows `export * from` a file of lib/, and names `export * as`", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lib-from-node-"));
    fs.writeFileSync(path.join(dir, "enums.ts"), "export const Role = { a: 'a' } as const;\nexport type Role = 'a';\nexport default 1;\n");
    expect(exportNames(`export * from "./enums.ts";\nexport * as $Enums from "./enums.ts";\nexport const z = 1;`, path.join(dir, "client.ts"))).toEqual([
      "Role",
      "$Enums",
      "z",
    ]);
  });

  it("refuses what it cannot bind once, naming the file", () => {
    expect(() => names("export let n = 1;")).toThrow(/lib\/x\/y\.ts: an exported `let`/);
    expect(() => names("export const { a, b } = o;")).toThrow(/lib\/x\/y\.ts: a destructured export/);
    expect(() => names('export * from "zod";')).toThrow(/lib\/x\/y\.ts: `export \* from "zod"`/);
  });

  it("reads every module of lib/ (a build fails on one it cannot read)", () => {
    const files = fs.globSync("lib/**/*.ts").filter((f) => !f.endsWith(".test.ts"));
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) expect(() => exportNames(fs.readFileSync(file, "utf8"), file), file).not.toThrow();
  });
});
