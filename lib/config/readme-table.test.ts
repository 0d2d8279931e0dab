// The README's Configuration table and EnvSchema must list the same variables: a setting added to
// one and not the other fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvSchema, PLATFORM_VARIABLES } from "./env.ts";

/** The variables named in the first cell of each row of the README's "## Configuration" table. */
const readmeVariables = (): string[] => {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");
  const section = /^## Configuration\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  if (!section) throw new Error("README.md has no '## Configuration' section");
  const rows = section.split("\n").filter((l) => /^\|\s*`/.test(l));
  return rows.flatMap((row) => [...(row.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
};

describe("README configuration table", () => {
  it("documents every variable lib/config knows, and only those", () => {
    const documented = readmeVariables();
    const known = Object.keys(EnvSchema.shape).filter((v) => !PLATFORM_VARIABLES.includes(v as never));
    expect(documented.length).toBeGreaterThan(10);
    expect(new Set(documented).size, "a variable is listed twice").toBe(documented.length);
    expect(
      known.filter((v) => !documented.includes(v)),
      "in lib/config/env.ts but not in the README table",
    ).toEqual([]);
    expect(
      documented.filter((v) => !known.includes(v)),
      "in the README table but not in lib/config/env.ts",
    ).toEqual([]);
  });

  it("declares every variable the app's code and the test setup read by name (so the table lists it too)", () => {
    // the process's own variables, not settings
    const system = ["PATH", "VITEST"];
    const sources = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((e) => {
        const file = path.join(e.parentPath, e.name);
        return e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !file.includes(`${path.sep}generated${path.sep}`) ? [file] : [];
      });
    const root = path.resolve(import.meta.dirname, "../..");
    const files = [...sources(path.join(root, "lib")), ...sources(path.join(root, "tests"))];
    const read = new Set(files.flatMap((f) => [...fs.readFileSync(f, "utf8").matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!)));
    const known = Object.keys(EnvSchema.shape);
    expect([...read].filter((v) => !known.includes(v) && !system.includes(v)).sort()).toEqual([]);
  });

  it("gives every variable a meaning in the schema", () => {
    for (const [name, schema] of Object.entries(EnvSchema.shape)) expect(schema.description, name).toBeTruthy();
  });
});
