// The layer boundaries of eslint.config.mjs: each fixture in tests/fixtures/boundaries is linted as if it
// sat at the path its first line names ("// lint as: lib/…"). The fixtures end in .txt, so neither the
// normal lint run, tsc nor scripts/check-cycles.ts sees them.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

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

  it("lib/core imports nothing from lib", async () => {
    expect(await violations("core-imports-db.ts.txt")).toEqual(["../db/client.ts"]);
  });

  it("lib never imports next/* or app/", async () => {
    expect(await violations("lib-imports-next.ts.txt")).toEqual(["next/server", "../../app/api/v1/wallet/purchase/route.ts"]);
  });

  it("allows a domain to use the engine and other domains, and type-only imports", async () => {
    expect(await violations("allowed.ts.txt")).toEqual([]);
  });

  it("the fixtures are not part of the normal lint run", async () => {
    expect(await eslint.isPathIgnored(path.join(fixtures, "domain-imports-flow.ts.txt"))).toBe(true);
  });
});
