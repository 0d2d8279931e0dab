import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_DOCS, renderErrorDocs } from "../../scripts/gen-error-docs.ts";
import { AppError, conflict, errorBody, errorDocUrl, ERRORS, notFound, wireCode, type ErrorCode } from "./errors.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE_ROOTS = ["lib", "app", "components", "scripts", "proxy.ts"];

const sourceFiles = (): string[] => {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs)) return;
    if (fs.statSync(abs).isFile()) return void out.push(rel);
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name === "generated" || e.name.startsWith(".")) continue;
      const child = path.posix.join(rel, e.name);
      if (e.isDirectory()) walk(child);
      else if (/\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name) && e.name !== "test-kit.ts") out.push(child);
    }
  };
  SOURCE_ROOTS.forEach(walk);
  return out;
};

const CODE = /"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{3,})"/g;

/** Every error code literal the source raises: AppError and helper calls, and `code:` fields of error bodies and tables. */
const raisedCodes = (file: string, text: string): string[] => {
  const found: string[] = [];
  const codesIn = (s: string) => [...s.matchAll(CODE)].map((m) => m[1]);
  for (const m of text.matchAll(/new AppError\(([^,]+),/g)) found.push(...codesIn(m[1]));
  for (const m of text.matchAll(/\b(?:badRequest|forbidden|conflict|gone|unprocessable)\(\s*("[A-Z0-9_]+")/g)) found.push(...codesIn(m[1]));
  for (const m of text.matchAll(/\bnotFound\([^;]*?,\s*("[A-Z0-9_]+")\s*\)/g)) found.push(...codesIn(m[1]));
  if (!file.startsWith("scripts/")) for (const m of text.matchAll(/\b(?:code|conflictCode):\s*("[A-Z][A-Z0-9_]{2,}")/g)) found.push(...codesIn(m[1]));
  return found;
};

describe("the error table", () => {
  it("docs/errors.md is generated from it (run `npm run docs:errors`)", () => {
    expect(fs.readFileSync(path.join(ROOT, ERROR_DOCS), "utf8")).toBe(renderErrorDocs());
  });

  it("holds every code the source raises", () => {
    const known = new Set<string>([...Object.keys(ERRORS), ...(Object.keys(ERRORS) as ErrorCode[]).map(wireCode)]);
    const unknown: string[] = [];
    let seen = 0;
    for (const file of sourceFiles()) {
      for (const code of raisedCodes(file, fs.readFileSync(path.join(ROOT, file), "utf8"))) {
        seen++;
        if (!known.has(code)) unknown.push(`${file}: ${code}`);
      }
    }
    expect(seen).toBeGreaterThan(50); // the scan finds the throw sites at all
    expect(unknown).toEqual([]);
  });

  it("gives each error its status and wire code from the table", () => {
    expect(new AppError("INSUFFICIENT_FUNDS", "low")).toMatchObject({ code: "INSUFFICIENT_FUNDS", status: 422 });
    expect(new AppError("ITEM_NOT_VISIBLE_GONE", "gone")).toMatchObject({ key: "ITEM_NOT_VISIBLE_GONE", code: "ITEM_NOT_VISIBLE_GONE", status: 410 });
    expect(new AppError("ITEM_NOT_VISIBLE", "hidden")).toMatchObject({ code: "ITEM_NOT_VISIBLE", status: 403 });
    expect(notFound("Game")).toMatchObject({ code: "NOT_FOUND", status: 404, message: "Game was not found." });
    expect(conflict("INVITE_REVOKED_CONFLICT", "no")).toMatchObject({ code: "INVITE_REVOKED_CONFLICT", status: 409 });
    expect(new AppError("INVITE_REVOKED", "revoked")).toMatchObject({ code: "INVITE_REVOKED", status: 410 });
    for (const [key, e] of Object.entries(ERRORS)) {
      expect(e.status, key).toBeGreaterThanOrEqual(400);
      expect(e.doc.length, key).toBeGreaterThan(10);
    }
  });

  it("answers each wire code with one status only (issue 29): a client can switch on the code alone", () => {
    const statuses = new Map<string, Set<number>>();
    for (const key of Object.keys(ERRORS) as ErrorCode[]) {
      const set = statuses.get(wireCode(key)) ?? new Set<number>();
      set.add(ERRORS[key].status);
      statuses.set(wireCode(key), set);
    }
    const twoStatuses = [...statuses].filter(([, s]) => s.size > 1).map(([code, s]) => `${code}: ${[...s].join(", ")}`);
    expect(twoStatuses).toEqual([]);
    expect(statuses.get("INVITE_REVOKED")).toEqual(new Set([410]));
    expect(statuses.get("ITEM_NOT_VISIBLE")).toEqual(new Set([403]));
  });

  it("gives every error body the absolute URL of its code's entry on /docs/errors", () => {
    expect(errorDocUrl("https://pay.example.com/", "NOT_FOUND")).toBe("https://pay.example.com/docs/errors#NOT_FOUND");
    const body = errorBody(
      new AppError("VALIDATION_ERROR", "bad", { details: [{ field: "amount", message: "too low" }] }),
      "req_1",
      true,
      "https://pay.example.com",
    );
    expect(body).toEqual({
      success: false,
      error: "bad",
      code: "VALIDATION_ERROR",
      docUrl: "https://pay.example.com/docs/errors#VALIDATION_ERROR",
      details: [{ field: "amount", message: "too low" }],
      requestId: "req_1",
    });
    expect(errorBody(notFound("Game"), null, false, "http://localhost:3000")).toEqual({
      error: "Game was not found.",
      code: "NOT_FOUND",
      docUrl: "http://localhost:3000/docs/errors#NOT_FOUND",
    });
  });
});
