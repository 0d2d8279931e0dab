// Which methods each /api/v1 path serves, for the proxy's JSON 405 (Next.js itself answers a method a
// route file does not export with an empty 405). The table is generated (lib/http/route-methods.ts).

export type RouteMethods = readonly [pattern: string, methods: readonly string[]];

const isDynamic = (seg: string) => seg.startsWith("[");

/** Whether a URL path (after /api, e.g. "/v1/vc/credits") matches a folder pattern ("/v1/vc/[id]"). */
const matches = (pattern: string[], segments: string[]) => pattern.length === segments.length && pattern.every((p, i) => isDynamic(p) || p === segments[i]);

/** Next.js precedence: at the first segment where two patterns differ, a static segment wins. */
const morePrecise = (a: string[], b: string[]) => {
  for (let i = 0; i < a.length; i++) if (isDynamic(a[i]) !== isDynamic(b[i])) return !isDynamic(a[i]);
  return false;
};

/**
 * The methods of the route that serves `path` ("/v1/..."), or null when no declared route does (the
 * JSON 404 fallback answers those). Segments are compared decoded, as Next.js routes them.
 */
export const methodsFor = (table: readonly RouteMethods[], path: string): readonly string[] | null =>
  bestMatch(table, path.split("/").filter(Boolean))?.[1] ?? null;

/** Each table's patterns split into segments once, not on every request (a table is built once and kept). */
const splitTables = new WeakMap<readonly unknown[], string[][]>();
const patternsOf = (table: readonly (readonly [string, ...unknown[]])[]): string[][] => {
  let patterns = splitTables.get(table);
  if (!patterns || patterns.length !== table.length) splitTables.set(table, (patterns = table.map((row) => row[0].split("/").filter(Boolean))));
  return patterns;
};

/** The row whose folder pattern serves these URL segments (decoded), by Next.js precedence; null when none does. */
export const bestMatch = <Row extends readonly [pattern: string, ...rest: unknown[]]>(table: readonly Row[], segments: string[]): Row | null => {
  const patterns = patternsOf(table);
  let best = -1;
  for (let i = 0; i < table.length; i++) {
    const pattern = patterns[i];
    if (matches(pattern, segments) && (best < 0 || morePrecise(pattern, patterns[best]))) best = i;
  }
  return best < 0 ? null : table[best];
};
