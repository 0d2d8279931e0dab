// The /api/v1 route table: the one place that knows which handler serves a method and a path. It is built
// from the route() declarations themselves (each handler's `definition` has its method and path); the
// folder tree app/api/v1/<spec path>/route.ts is only where the modules are found (read at start, so no
// generated import list: the API is loaded by Node, not bundled, and a folder added is found on the next
// start). A plain handler without a declaration (openapi.json) is served at its folder's path.
// The edge owns this table; the kernel (lib/http) knows nothing of the routes it serves.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const METHODS = ["DELETE", "GET", "PATCH", "POST", "PUT"] as const;
export type Params = Record<string, string | string[]>;
export type Handler = ((req: Request, context: { params: Promise<Params> }) => Response | Promise<Response>) & {
  definition?: { method: string; path: string };
};
/** One path: its pattern ("/v1/vc/[currencyId]", after /api), its handlers by method, and its Allow header. */
export type RouteRow = readonly [pattern: string, handlers: ReadonlyMap<string, Handler>, allow: string];
export type RouteTable = readonly RouteRow[];

const API_ROOT = "app/api/v1";
const ROOT = path.resolve(import.meta.dirname, "../..");

export type RouteFile = {
  /** relative to the project root, with forward slashes */
  file: string;
  /** URL segments after /api, e.g. ["v1", "vc", "[currencyId]"]; route groups "(x)" add none */
  segments: string[];
};

/** Every app/api/v1/**\/route.ts, sorted; private folders ("_x") hold no routes. */
export const listRouteFiles = (root = ROOT): RouteFile[] => {
  const out: RouteFile[] = [];
  const walk = (rel: string, segments: string[]) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return;
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (e.name.startsWith("_")) continue;
        walk(`${rel}/${e.name}`, /^\(.*\)$/.test(e.name) ? segments : [...segments, e.name]);
      } else if (e.name === "route.ts") {
        out.push({ file: `${rel}/${e.name}`, segments });
      }
    }
  };
  walk(API_ROOT, ["v1"]);
  return out.sort((a, b) => a.file.localeCompare(b.file));
};

/** The spec path a folder stands for: app/api/v1/vc/[currencyId]/route.ts → /v1/vc/{currencyId}. */
export const specPathOf = (segments: string[]): string => `/${segments.map((s) => s.replace(/^\[(.+)\]$/, "{$1}")).join("/")}`;

/** The table's pattern of a declared path: /v1/vc/{currencyId} → /v1/vc/[currencyId]. */
const patternOf = (specPath: string): string => specPath.replace(/\{([^}]+)\}/g, "[$1]");

/** An entry of the table before it is grouped: a handler and the method and path it serves. */
export type RouteEntry = { method: string; path: string; handler: Handler };

/**
 * The table of these handlers: each at its declaration's method and path (`definition`), a plain handler at
 * `fallbackPath` with the method it is exported as. Two handlers for one method and path are an error.
 */
export const routeTableOf = (entries: readonly RouteEntry[]): RouteTable => {
  const byPattern = new Map<string, Map<string, Handler>>();
  for (const { method, path: specPath, handler } of entries) {
    const pattern = patternOf(specPath);
    const handlers = byPattern.get(pattern) ?? new Map<string, Handler>();
    if (handlers.has(method)) throw new Error(`two handlers for ${method} ${specPath}`);
    byPattern.set(pattern, handlers.set(method, handler));
  }
  return [...byPattern].map(([pattern, handlers]) => [pattern, handlers, [...handlers.keys()].sort().join(", ")] as const);
};

/** The entries of one route module: every exported method, at its declaration (or at the folder's path when plain). */
export const entriesOf = (mod: Record<string, unknown>, folderPath: string, file = folderPath): RouteEntry[] => {
  const out: RouteEntry[] = [];
  for (const exported of METHODS) {
    const handler = mod[exported];
    if (typeof handler !== "function") continue;
    const def = (handler as Handler).definition;
    if (def && def.method !== exported) throw new Error(`${file}: export ${exported} declares method ${def.method}`);
    out.push({ method: exported, path: def?.path ?? folderPath, handler: handler as Handler });
  }
  return out;
};

const loaded = new Map<string, Promise<RouteEntry[]>>();

/** Every handler of every route module under app/api/v1, with its method and path (imported once per process and root). */
export const loadRouteEntries = (root = ROOT): Promise<RouteEntry[]> => {
  let entries = loaded.get(root);
  if (!entries) {
    entries = Promise.all(
      listRouteFiles(root).map(async (f) => entriesOf(await import(pathToFileURL(path.join(root, f.file)).href), specPathOf(f.segments), f.file)),
    ).then((lists) => lists.flat());
    loaded.set(root, entries);
  }
  return entries;
};

const tables = new Map<string, Promise<RouteTable>>();

/**
 * Imports every route module under app/api/v1 (each route() registers its declaration for the API document
 * on the way) and returns the table. Once per process and root; the web process calls it at start, so no
 * request pays for it.
 */
export const loadRouteTable = (root = ROOT): Promise<RouteTable> => {
  let table = tables.get(root);
  if (!table) tables.set(root, (table = loadRouteEntries(root).then(routeTableOf)));
  return table;
};

const isDynamic = (seg: string) => seg.startsWith("[");

/** Whether URL segments (decoded, after /api) match a pattern's segments. */
const matches = (pattern: string[], segments: string[]) => pattern.length === segments.length && pattern.every((p, i) => isDynamic(p) || p === segments[i]);

/** Next.js's precedence, kept: at the first segment where two patterns differ, a static segment wins. */
const morePrecise = (a: string[], b: string[]) => {
  for (let i = 0; i < a.length; i++) if (isDynamic(a[i]) !== isDynamic(b[i])) return !isDynamic(a[i]);
  return false;
};

/** Each table's patterns split into segments once, not on every request. */
const splitTables = new WeakMap<readonly unknown[], string[][]>();
const patternsOf = (table: readonly (readonly [string, ...unknown[]])[]): string[][] => {
  let patterns = splitTables.get(table);
  if (!patterns || patterns.length !== table.length) splitTables.set(table, (patterns = table.map((row) => row[0].split("/").filter(Boolean))));
  return patterns;
};

/** The row whose pattern serves these URL segments (decoded, e.g. ["v1", "vc", "credits"]); null when none does. */
export const bestMatch = <Row extends readonly [pattern: string, ...rest: unknown[]]>(table: readonly Row[], segments: string[]): Row | null => {
  const patterns = patternsOf(table);
  let best = -1;
  for (let i = 0; i < table.length; i++) {
    const pattern = patterns[i];
    if (matches(pattern, segments) && (best < 0 || morePrecise(pattern, patterns[best]))) best = i;
  }
  return best < 0 ? null : table[best];
};
