// Folder-level import cycles: `tsx scripts/check-cycles.ts [dir]` (default lib/). Each first-level folder of
// the directory is a node; a value import from a file in folder A of a file in folder B is an edge A → B.
// Type-only imports (`import type`, `export type`, `import { type A, type B }`) are erased at build time and
// do not count. Tests (*.test.ts) and lib/db/generated are skipped. Prints every strongly connected
// component with the files behind its edges and exits 1 when there is one; exits 0 when the folders form a DAG.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type Edges = Map<string, Map<string, string[]>>;

const IMPORT =
  /(?:^|[\s;])(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|(?:^|[\s;])import\s+["']([^"']+)["']/g;

/** true when every name of an `import { … }` / `export { … }` clause is marked `type` */
const onlyTypes = (clause: string): boolean => {
  const m = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!m) return false;
  const names = m[1]
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith("type "));
};

/** The folder-to-folder value imports under `root`, each with the files that make it. */
export const folderEdges = (root: string): Edges => {
  const files = (fs.readdirSync(root, { recursive: true, encoding: "utf8" }) as string[]).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith(`db${path.sep}generated`) && f.includes(path.sep),
  );
  const edges: Edges = new Map();
  for (const f of files) {
    const src = fs.readFileSync(path.join(root, f), "utf8");
    const from = f.split(path.sep)[0];
    for (const m of src.matchAll(IMPORT)) {
      const spec = m[4] ?? m[5] ?? m[6];
      if (m[2] || (m[3] !== undefined && onlyTypes(m[3]))) continue;
      let target: string;
      if (spec.startsWith(".")) target = path.relative(root, path.resolve(path.dirname(path.join(root, f)), spec));
      else if (spec.startsWith("@/") && path.resolve(root).endsWith(`${path.sep}lib`)) target = path.relative("lib", spec.slice(2));
      else continue;
      const to = target.split(path.sep)[0];
      if (to === from || to.startsWith("..") || !target.includes(path.sep)) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const e = edges.get(from)!;
      if (!e.has(to)) e.set(to, []);
      if (!e.get(to)!.includes(f)) e.get(to)!.push(f);
    }
  }
  return edges;
};

/** Strongly connected components of more than one folder (Tarjan). */
export const folderCycles = (edges: Edges): string[][] => {
  let next = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const sccs: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) sccs.push(c.sort());
    }
  };
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])].sort();
  for (const n of nodes) if (!index.has(n)) visit(n);
  return sccs;
};

const main = () => {
  const root = path.resolve(process.argv[2] ?? "lib");
  const edges = folderEdges(root);
  const cycles = folderCycles(edges);
  if (cycles.length === 0) {
    console.log(`check-cycles: no import cycle between the folders of ${path.relative(process.cwd(), root) || "."}`);
    return 0;
  }
  for (const c of cycles) {
    console.error(`check-cycles: import cycle between folders: ${c.join(", ")}`);
    for (const a of c)
      for (const [b, files] of edges.get(a) ?? [])
        if (c.includes(b)) console.error(`  ${a} -> ${b}: ${files.slice(0, 4).join(", ")}${files.length > 4 ? ", …" : ""}`);
  }
  return 1;
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
