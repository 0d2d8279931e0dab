// Error knowledge in both directions, from the source (issue 27): every module below the edges that can raise
// exports its `*_ERRORS` list, equal to what its code and the modules it calls raise; every route declares
// exactly what its declaration can raise (the kernel's own codes of that route aside, as lib/http/openapi.ts
// adds them). A missing code fails (a live answer the API document would not list); so does a stale one (a
// documented code nothing can answer). The rules are in tests/support/service-errors.ts; the live side (every
// error a test sees must be documented) is tests/support/openapi-errors.ts.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ErrorCode } from "@/lib/core/errors";
import { errorCodesOf } from "@/lib/http/openapi";
import type { RegisteredRoute } from "@/lib/http/registry";
import { LAYERS } from "@/scripts/lib-layers.mjs";
import { analyze, checkModuleLists, checkRouteErrors, NOT_SCANNED, type Source } from "./support/service-errors";

const root = path.resolve(import.meta.dirname, "..");
const walk = (dir: string, out: string[] = []): string[] => {
  for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (e.name !== "generated") walk(rel, out);
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
};
const read = (files: string[]): Source[] => files.map((p) => ({ path: p, text: fs.readFileSync(path.join(root, p), "utf8") }));

const EDGES = new Set(LAYERS.find((l) => l.name === "edge")!.folders);
/** The modules that must export their list: every file of lib/ below the edges (the kernel and the error table aside). */
const listed = (f: string) => f.startsWith("lib/") && !NOT_SCANNED(f) && !EDGES.has(f.split("/")[1]);

describe("error knowledge in the source", () => {
  const libFiles = walk("lib");
  const routeFiles = walk("app/api/v1").filter((f) => f.endsWith("/route.ts"));
  const k = analyze(read([...libFiles, ...routeFiles]));

  it("every module below the edges exports exactly the codes it can raise", () => {
    const modules = libFiles.filter(listed);
    expect(modules.filter((f) => k.raisable(f).size > 0).length).toBeGreaterThan(200);
    expect(checkModuleLists(k, modules)).toEqual([]);
  });

  it("every route declares exactly the codes its services can raise, beyond the kernel's", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const file of routeFiles) {
      const mod = (await import(path.join(root, file))) as Record<string, { definition?: RegisteredRoute }>;
      for (const handler of Object.values(mod)) {
        const def = handler?.definition;
        if (!def) continue;
        checked++;
        const kernel = errorCodesOf({ ...def, errors: [] });
        problems.push(...checkRouteErrors(k, { file, key: `${def.method} ${def.path}`, declared: def.errors ?? [], kernel }));
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(problems).toEqual([]);
  });
});

describe("the checker, on small inputs", () => {
  const table = `import { AppError, conflict, notFound } from "../core/errors.ts";\n`;
  const files = (extra: Record<string, string>): Source[] =>
    Object.entries({
      "lib/ledger/pay.ts": `${table}export const FEE = 3;\nexport const pay = (n: number) => { if (n < 0) throw new AppError("INSUFFICIENT_FUNDS", "low"); };\nexport const PAY_ERRORS = ["INSUFFICIENT_FUNDS"] as const;\n`,
      ...extra,
    }).map(([p, text]) => ({ path: p, text }));

  it("passes a list that names its own codes and spreads the lists of what it calls", () => {
    const k = analyze(
      files({
        "lib/shop/buy.ts": `${table}import { pay, PAY_ERRORS } from "../ledger/pay.ts";\nexport const buy = (id?: string) => { if (!id) throw notFound("Product", "PRODUCT_NOT_FOUND"); pay(1); };\nexport const BUY_ERRORS = ["PRODUCT_NOT_FOUND", ...PAY_ERRORS] as const;\n`,
      }),
    );
    expect(checkModuleLists(k, ["lib/ledger/pay.ts", "lib/shop/buy.ts"])).toEqual([]);
  });

  it("names the file, the list, the code and where it comes from when a code is missing", () => {
    const k = analyze(
      files({
        "lib/shop/buy.ts": `${table}import { pay } from "../ledger/pay.ts";\nexport const buy = () => { pay(1); throw conflict("PURCHASE_NOT_PENDING", "no"); };\nexport const BUY_ERRORS = ["PURCHASE_NOT_PENDING"] as const;\n`,
      }),
    );
    expect(checkModuleLists(k, ["lib/shop/buy.ts"])).toEqual([
      "lib/shop/buy.ts: raises INSUFFICIENT_FUNDS (from lib/ledger/pay.ts) but BUY_ERRORS does not list it",
    ]);
  });

  it("names a stale code: listed, but nothing raises it", () => {
    const k = analyze(
      files({
        "lib/shop/buy.ts": `${table}export const buy = () => { throw notFound("Thing"); };\nexport const BUY_ERRORS = ["NOT_FOUND", "CHECKOUT_EXPIRED"] as const;\n`,
      }),
    );
    expect(checkModuleLists(k, ["lib/shop/buy.ts"])).toEqual([
      "lib/shop/buy.ts: BUY_ERRORS lists CHECKOUT_EXPIRED, but neither the file nor anything it calls raises it (stale)",
    ]);
  });

  it("asks for a list where a module can raise and has none", () => {
    const k = analyze(files({}));
    expect(checkModuleLists(k, ["lib/ledger/pay.ts"])).toEqual([]);
    const bare = analyze(files({ "lib/shop/refund.ts": `${table}export const refund = () => { throw conflict("CASHOUT_NOT_PENDING", "no"); };\n` }));
    expect(checkModuleLists(bare, ["lib/shop/refund.ts"])).toEqual([
      "lib/shop/refund.ts: can raise CASHOUT_NOT_PENDING but exports no *_ERRORS list; add one at the end of the file",
    ]);
  });

  it("does not count comparisons, types, or an import of something that raises nothing", () => {
    const k = analyze(
      files({
        "lib/shop/fee.ts": `${table}import { FEE } from "../ledger/pay.ts";\ntype C = "GAME_NOT_FOUND";\nexport const fee = (e: AppError) => (e.code === "INVALID_DEAL" ? FEE : 0);\n`,
      }),
    );
    expect([...k.raisable("lib/shop/fee.ts")]).toEqual([]);
  });

  it("checks a route's declaration both ways, per method, without the kernel's codes", () => {
    const route = `import { route } from "@/lib/http/route";\nimport { pay } from "@/lib/ledger/pay";\nimport { FEE } from "@/lib/ledger/pay";\n`;
    const k = analyze(
      files({
        "app/api/v1/shop/route.ts": `${route}export const POST = route({ method: "POST", path: "/v1/shop", errors: ["NOT_FOUND", "CHECKOUT_EXPIRED"], handler: () => pay(FEE) });\nexport const GET = route({ method: "GET", path: "/v1/shop", handler: () => FEE });\n`,
      }),
    );
    const check = (key: string, declared: ErrorCode[], kernel: ErrorCode[] = ["NOT_FOUND"]) =>
      checkRouteErrors(k, { file: "app/api/v1/shop/route.ts", key, declared, kernel });
    expect(check("POST /v1/shop", ["NOT_FOUND", "CHECKOUT_EXPIRED"])).toEqual([
      "app/api/v1/shop/route.ts (POST /v1/shop): can raise INSUFFICIENT_FUNDS (from lib/ledger/pay.ts) but its errors do not declare it",
      "app/api/v1/shop/route.ts (POST /v1/shop): declares CHECKOUT_EXPIRED, but nothing it calls raises it (stale)",
    ]);
    expect(check("POST /v1/shop", ["INSUFFICIENT_FUNDS"])).toEqual([]);
    expect(check("GET /v1/shop", [])).toEqual([]);
  });
});
