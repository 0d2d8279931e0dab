// The layer boundaries of eslint.config.mjs: each fixture in tests/fixtures/boundaries is linted as if it
// sat at the path its first line names ("// lint as: lib/…"). The fixtures end in .txt, so neither the
// normal lint run, tsc nor scripts/check-cycles.ts sees them.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { LAYERED_FOLDERS, LAYERS, forbiddenFor } from "./scripts/lib-layers.mjs";

const root = import.meta.dirname;
const fixtures = path.join(root, "tests", "fixtures", "boundaries");
const eslint = new ESLint({ cwd: root });

/** The boundary errors of one fixture: the import specifiers reported. */
const violations = async (name: string): Promise<string[]> => {
  const code = fs.readFileSync(path.join(fixtures, name), "utf8");
  const filePath = /^\/\/ lint as: (\S+)/.exec(code)?.[1];
  if (!filePath) throw new Error(`${name}: the first line must be "// lint as: <path>"`);
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => /'([^']+)'/.exec(m.message)?.[1] ?? m.message);
};

describe("ESLint layer boundaries", () => {
  it("a domain may not import a flow", async () => {
    expect(await violations("domain-imports-flow.ts.txt")).toEqual(["../flows/pay-checkout.ts"]);
  });

  it("the ledger engine may not import the VC product (or any domain)", async () => {
    expect(await violations("ledger-imports-vc.ts.txt")).toEqual(["@/lib/vc/credit"]);
  });

  it("a flow may not import the HTTP kernel", async () => {
    expect(await violations("flow-imports-http.ts.txt")).toEqual(["../http/idempotency.ts"]);
  });

  it("the portal may not import the HTTP kernel, though both are edges", async () => {
    expect(await violations("portal-imports-http.ts.txt")).toEqual(["../http/validation.ts", "@/lib/http/route"]);
    expect(
      forbiddenFor(
        LAYERS.find((l) => l.name === "edge")!,
        "portal",
      ),
    ).toContain("http");
    expect(
      forbiddenFor(
        LAYERS.find((l) => l.name === "edge")!,
        "hosted",
      ),
    ).not.toContain("http");
  });

  it("lib/core imports nothing from lib", async () => {
    expect(await violations("core-imports-db.ts.txt")).toEqual(["../db/client.ts"]);
  });

  it("lib never imports next/* or app/", async () => {
    expect(await violations("lib-imports-next.ts.txt")).toEqual(["next/server", "../../app/api/v1/wallet/purchase/route.ts"]);
  });

  it("allows a domain to use the engine and other domains, and type-only imports", async () => {
    expect(await violations("allowed.ts.txt")).toEqual([]);
  });

  it("every folder of lib/ has exactly one layer", () => {
    const folders = fs
      .readdirSync(path.join(root, "lib"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect([...LAYERED_FOLDERS].sort()).toEqual(folders);
    expect(new Set(LAYERED_FOLDERS).size).toBe(LAYERED_FOLDERS.length);
  });

  it("lib/ ships no test kit: a non-test file may not import vitest", async () => {
    const code = 'import { expect } from "vitest";\nexport const check = (v: number) => expect(v).toBe(1);\n';
    const [kit] = await eslint.lintText(code, { filePath: path.join(root, "lib/campaigns/test-kit.ts") });
    expect(kit.messages.map((m) => /'([^']+)'/.exec(m.message)?.[1])).toEqual(["vitest"]);
    const [test] = await eslint.lintText(code, { filePath: path.join(root, "lib/campaigns/fund-campaign.test.ts") });
    expect(test.messages).toEqual([]);
  });

  it("a folder of lib/ with no layer fails lint, whatever it imports", async () => {
    const [result] = await eslint.lintText("export const answer = 42;\n", { filePath: path.join(root, "lib/new-folder/answer.ts") });
    expect(result.messages.map((m) => m.message)).toEqual([
      "This folder of lib/ has no layer: add it to LAYERS in scripts/lib-layers.mjs (ARCHITECTURE.md, Layers).",
    ]);
  });

  // Every layer, from every one of its folders: each forbidden folder is reported, by "@/lib/" and by a relative
  // path, and an import of each allowed layer is not (the rule neither misses nor over-reaches).
  for (const layer of LAYERS) {
    it(`the "${layer.name}" layer imports only what the table allows`, async () => {
      for (const folder of layer.folders) {
        // the layer's rule, and the folder's own (APART: lib/portal never imports lib/http)
        const forbidden = forbiddenFor(layer, folder);
        const allowed = LAYERED_FOLDERS.filter((f) => !forbidden.includes(f) && f !== folder);
        const code = [
          ...forbidden.map((f, i) => `import { f${i} } from "${i % 2 ? `../${f}/thing.ts` : `@/lib/${f}/thing`}";`),
          ...allowed.map((f, i) => `import { a${i} } from "@/lib/${f}/thing";`),
          `import type { T } from "@/lib/${forbidden[0] ?? "core"}/types";`,
          `export const all = [${[...forbidden.map((_, i) => `f${i}`), ...allowed.map((_, i) => `a${i}`)].join(", ")}] as unknown as T;`,
        ].join("\n");
        const [result] = await eslint.lintText(code, { filePath: path.join(root, `lib/${folder}/fixture.ts`) });
        const reported = new Set(
          result.messages.filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports").map((m) => /'([^']+)'/.exec(m.message)?.[1]),
        );
        const expected = forbidden.map((f, i) => (i % 2 ? `../${f}/thing.ts` : `@/lib/${f}/thing`));
        expect([...reported].sort(), `lib/${folder}`).toEqual(expected.sort());
      }
    });
  }

  it("the fixtures are not part of the normal lint run", async () => {
    expect(await eslint.isPathIgnored(path.join(fixtures, "domain-imports-flow.ts.txt"))).toBe(true);
  });
});
