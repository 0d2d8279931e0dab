import type { z } from "zod";
import { AppError, type ErrorDetail } from "./errors.ts";

/** The value at `path` inside `input`, or undefined when any step is missing. */
const valueAt = (input: unknown, path: PropertyKey[]): unknown =>
  path.reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined), input);

const EXPECTED: Record<string, string> = {
  object: "a JSON object",
  string: "a string",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  array: "an array",
  date: "a date",
};

const kindOf = (v: unknown): string =>
  v === null
    ? "null"
    : Array.isArray(v)
      ? "an array"
      : typeof v === "object"
        ? "an object"
        : typeof v === "number" || typeof v === "boolean"
          ? String(v)
          : `a ${typeof v}`;

/** The message of a field the schema does not declare (a strict object's unrecognized key). */
export const UNKNOWN_FIELD = "is not a field of this request (unknown field)";

const describeIssue = (issue: z.core.$ZodIssue, input: unknown): string => {
  const value = issue.path.length > 0 ? valueAt(input, issue.path) : input;
  const missing = issue.path.length > 0 && value === undefined;
  if ((issue.code === "invalid_type" || issue.code === "invalid_union") && missing) return "is required";
  // zod's own defaults ("Invalid input: expected object, received array") become what to send instead
  if (issue.message.startsWith("Invalid input")) {
    if (issue.code === "invalid_type") return `must be ${EXPECTED[issue.expected] ?? issue.expected}, not ${kindOf(value)}`;
    if (issue.code === "invalid_union") return `has the wrong type or format (${kindOf(value)} was sent); see this field in the API reference at /docs`;
  }
  return issue.message;
};

/** Parses `input` with `schema`, or throws a 400 VALIDATION_ERROR that names every bad field. */
export const parseOrThrow = <S extends z.ZodType>(schema: S, input: unknown, where: "body" | "query" | "params"): z.output<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldOf = (path: PropertyKey[]) => (path.length ? path.map(String).join(".") : where);
  const details: ErrorDetail[] = result.error.issues.flatMap((issue) =>
    // one entry per unknown field, named by its full path (e.g. "address.colr"), as for any other bad field
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({ field: fieldOf([...issue.path, key]), message: UNKNOWN_FIELD }))
      : [{ field: fieldOf(issue.path), message: describeIssue(issue, input) }],
  );
  const summary = details.map((d) => `${d.field} ${d.message}`).join("; ");
  throw new AppError("VALIDATION_ERROR", `Invalid ${where}: ${summary}.`, { details });
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "./errors.ts";
export const VALIDATION_ERRORS = ["VALIDATION_ERROR"] as const satisfies readonly ErrorCode[];
