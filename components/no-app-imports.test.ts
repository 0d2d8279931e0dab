// The hosted pages' boundaries (docs: ARCHITECTURE.md, issue 10 item 7): components/ never imports from
// app/ (the page passes its server actions down as props), and neither app/ (pages and actions, not
// app/api) nor components/ queries Prisma: a page hands `getDb()` to a loader or service in lib/, and
// the query lives there. Tests beside the pages may query, to set up and check fixtures.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

// fs.readdirSync with `recursive` (Node 20.1+), not fs.globSync (Node 22+): the suite runs on Node 20.19 too.
const sourcesIn = (dir: string): string[] =>
  fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(dir, f).split(path.sep).join("/"));

const importsOf = (source: string): string[] =>
  [...source.matchAll(/(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]!);

/** Whether `spec`, imported by the file `file` (relative to the root), points into app/. */
export const importsApp = (file: string, spec: string): boolean =>
  spec.startsWith("@/app/") || (spec.startsWith(".") && path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).startsWith("app/"));

const QUERY =
  /\b(?:getDb\(\)|db|tx|prisma)\s*\.\s*(?:[a-z]\w*\s*\.\s*(?:find|create|update|upsert|delete|count|aggregate|groupBy)\w*|\$(?:queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe|transaction))\s*\(/;
const PRISMA_VALUE_IMPORT = /^import\s+(?!type\b)[^;]*from\s+["'](?:@prisma\/client|@\/lib\/db\/generated[^"']*|[./]+(?:lib\/)?db\/generated[^"']*)["']/m;

/** What a file of app/ or components/ does that belongs in lib/: a Prisma query, or Prisma's runtime client. */
export const prismaUseIn = (source: string): string | null => source.match(QUERY)?.[0] ?? source.match(PRISMA_VALUE_IMPORT)?.[0] ?? null;

describe("hosted pages: boundaries", () => {
  it("the checks catch what they are for (fixtures)", () => {
    expect(importsApp("components/checkout/x.tsx", "@/app/checkout/actions")).toBe(true);
    expect(importsApp("components/checkout/x.tsx", "../../app/account/actions")).toBe(true);
    expect(importsApp("components/checkout/x.tsx", "./theme-style")).toBe(false);
    expect(importsApp("components/checkout/x.tsx", "@/lib/hosted/form-state")).toBe(false);
    expect(prismaUseIn("const s = await getDb().linkSession.findUnique({ where })")).not.toBeNull();
    expect(prismaUseIn("const r = await db.purchase.updateMany({})")).not.toBeNull();
    expect(prismaUseIn("await db.$transaction(async (tx) => {})")).not.toBeNull();
    expect(prismaUseIn('import { PrismaClient } from "@/lib/db/generated/client";')).not.toBeNull();
    expect(prismaUseIn('import type { LinkSession } from "@/lib/db/generated/client";')).toBeNull();
    expect(prismaUseIn("const page = await loadLinkPage(getDb(), sessionKey, player);")).toBeNull();
  });

  it("components/ imports nothing from app/", () => {
    const offenders = sourcesIn("components").flatMap((file) =>
      importsOf(fs.readFileSync(path.join(root, file), "utf8"))
        .filter((spec) => importsApp(file, spec))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("pages, actions and components query Prisma only through loaders and services in lib/", () => {
    const files = [...sourcesIn("app").filter((f) => !f.startsWith("app/api/")), ...sourcesIn("components")];
    const offenders = files.flatMap((file) => {
      const use = prismaUseIn(fs.readFileSync(path.join(root, file), "utf8"));
      return use ? [`${file}: ${use}`] : [];
    });
    expect(offenders).toEqual([]);
  });
});
