// Form input checked with the same zod schemas as the /v1 routes: a refusal is the API's 400
// VALIDATION_ERROR, naming each field at fault.
import type { z } from "zod";
import { badRequest } from "../core/errors.ts";

export const parseOrThrow = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((i) => ({ field: i.path.map(String).join("."), message: i.message }));
  throw badRequest("VALIDATION_ERROR", `${details[0]!.field || "input"}: ${details[0]!.message}`, details);
};
