import type { z } from "zod";
import { AppError, type ErrorDetail } from "./errors.ts";

const describeIssue = (issue: z.core.$ZodIssue): string => {
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) return "is required";
  if (issue.code === "unrecognized_keys") return `has unknown field(s): ${issue.keys.join(", ")}`;
  return issue.message;
};

/** Parses `input` with `schema`, or throws a 400 VALIDATION_ERROR that names every bad field. */
export const parseOrThrow = <S extends z.ZodType>(schema: S, input: unknown, where: "body" | "query" | "params"): z.output<S> => {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details: ErrorDetail[] = result.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join(".") : where,
    message: describeIssue(issue),
  }));
  const summary = details.map((d) => `${d.field} ${d.message}`).join("; ");
  throw new AppError("VALIDATION_ERROR", `Invalid ${where}: ${summary}.`, { status: 400, details });
};
