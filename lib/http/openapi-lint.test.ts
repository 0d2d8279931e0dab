// The API document passes Redocly's and Spectral's recommended rule sets with no error and no warning
// (redocly.yaml and .spectral.yaml at the root). Run by hand: npm run lint:openapi.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi.ts";
import { registeredRoutes } from "./registry.ts";
import { loadRouteTable } from "../ops/route-table.ts";

const run = promisify(execFile);
const bin = (name: string) => join(process.cwd(), "node_modules", ".bin", name);
let file = "";

beforeAll(async () => {
  await loadRouteTable();
  file = join(mkdtempSync(join(tmpdir(), "coinop-openapi-")), "openapi.json");
  writeFileSync(file, JSON.stringify(buildOpenApiDocument(registeredRoutes(), "https://coinop.example")));
});

/** Runs a linter that may exit non-zero on findings; its JSON report is what counts. */
const report = async (cmd: string, args: string[]): Promise<string> => {
  try {
    return (await run(cmd, args, { cwd: process.cwd(), maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (e) {
    const out = (e as { stdout?: string }).stdout;
    if (!out) throw e;
    return out;
  }
};

describe("the API document under the recommended OpenAPI rule sets", () => {
  it("Redocly (recommended): no errors, no warnings", async () => {
    const out = await report(bin("redocly"), ["lint", file, "--config", "redocly.yaml", "--format", "json"]);
    const parsed = JSON.parse(out.slice(out.indexOf("{"))) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(parsed.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(parsed.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("Spectral (spectral:oas): no errors, no warnings", async () => {
    const out = await report(bin("spectral"), ["lint", file, "--ruleset", ".spectral.yaml", "--format", "json", "--quiet"]);
    const results = JSON.parse(out.trim() || "[]") as { code: string; message: string; severity: number; path: string[] }[];
    expect(results.filter((r) => r.severity <= 1).map((r) => `${r.code} at ${r.path.join(".")}: ${r.message}`)).toEqual([]);
  }, 60_000);
});
