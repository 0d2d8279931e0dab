// The limits of a grant's checkoutMetadata and customMessage (game-api.md Limits).
import { AppError } from "../core/errors.ts";

export const METADATA_MAX_BYTES = 10 * 1024;
export const METADATA_MAX_DEPTH = 2;
export const METADATA_MAX_KEYS = 50;
export const CUSTOM_MESSAGE_MAX = 256;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const invalid = (message: string) => new AppError("METADATA_INVALID", message, { details: [{ field: "checkoutMetadata", message }] });

/** The first problem found in an object `depth` levels down (1 = the top), or null. Arrays count as a level. */
const problem = (v: unknown, depth: number, path: string): string | null => {
  if (!isObject(v) && !Array.isArray(v)) return null;
  if (depth > METADATA_MAX_DEPTH) return `checkoutMetadata may nest at most ${METADATA_MAX_DEPTH} levels deep; ${path} is a third level.`;
  const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
  if (entries.length > METADATA_MAX_KEYS) return `checkoutMetadata may have at most ${METADATA_MAX_KEYS} keys per level; ${path} has ${entries.length}.`;
  for (const [k, x] of entries) {
    const p = problem(x, depth + 1, `${path}.${k}`);
    if (p) return p;
  }
  return null;
};

/** Throws 400 METADATA_INVALID unless `value` is an object within 10 KB (UTF-8 JSON), 2 levels and 50 keys per level. */
export const checkMetadata = (value: unknown): Record<string, unknown> => {
  if (!isObject(value)) throw invalid('checkoutMetadata must be a JSON object, e.g. {"orderId": "123"}.');
  const bytes = Buffer.byteLength(JSON.stringify(value), "utf8");
  if (bytes > METADATA_MAX_BYTES) throw invalid(`checkoutMetadata is ${bytes} bytes as JSON; the limit is ${METADATA_MAX_BYTES} bytes (10 KB).`);
  const p = problem(value, 1, "checkoutMetadata");
  if (p) throw invalid(p);
  return value;
};

/** Removes HTML tags (and the content of script/style elements), then decodes nothing: the page renders plain text. */
export const stripHtml = (s: string): string =>
  s
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\/?[a-zA-Z][^>]*>/g, "")
    .trim();

/** Throws 400 CUSTOM_MESSAGE_INVALID unless a string of at most 256 characters; returns it without HTML tags. */
export const checkCustomMessage = (value: unknown): string => {
  const fail = (message: string) => new AppError("CUSTOM_MESSAGE_INVALID", message, { details: [{ field: "customMessage", message }] });
  if (typeof value !== "string") throw fail("customMessage must be a string of plain text.");
  if ([...value].length > CUSTOM_MESSAGE_MAX) throw fail(`customMessage must be at most ${CUSTOM_MESSAGE_MAX} characters; it has ${[...value].length}.`);
  return stripHtml(value);
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
export const CHECK_METADATA_ERRORS = ["CUSTOM_MESSAGE_INVALID", "METADATA_INVALID"] as const satisfies readonly ErrorCode[];
