import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./errors";
import { parseOrThrow, UNKNOWN_FIELD } from "./validation";

const detailsOf = (schema: z.ZodType, input: unknown, where: "body" | "query" = "body") => {
  try {
    parseOrThrow(schema, input, where);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return { message: (err as AppError).message, details: (err as AppError).details };
  }
  throw new Error("expected a VALIDATION_ERROR");
};

describe("parseOrThrow", () => {
  const Body = z.object({ name: z.string(), count: z.number().int(), tags: z.array(z.string()).optional(), url: z.union([z.url(), z.literal("")]).optional() });

  it("names every bad field, says 'is required' for missing ones, and lists unknown fields", () => {
    expect(detailsOf(Body, { count: 1.5 }).details).toEqual([
      { field: "name", message: "is required" },
      { field: "count", message: "must be a whole number, not 1.5" },
    ]);
    expect(detailsOf(Body.strict(), { name: "a", count: 1, extra: 1 }).details).toEqual([{ field: "extra", message: UNKNOWN_FIELD }]);
  });

  it("turns zod's 'Invalid input' defaults into what to send", () => {
    expect(detailsOf(Body, [1, 2])).toEqual({
      message: "Invalid body: body must be a JSON object, not an array.",
      details: [{ field: "body", message: "must be a JSON object, not an array" }],
    });
    expect(detailsOf(Body, { name: 5, count: 1 }).details).toEqual([{ field: "name", message: "must be a string, not 5" }]);
    expect(detailsOf(Body, { name: "a", count: 1, tags: "x" }).details).toEqual([{ field: "tags", message: "must be an array, not a string" }]);
    expect(detailsOf(Body, { name: "a", count: 1, url: 7 }).details).toEqual([
      { field: "url", message: "has the wrong type or format (7 was sent); see this field in the API reference at /docs" },
    ]);
    expect(detailsOf(Body, null).details).toEqual([{ field: "body", message: "must be a JSON object, not null" }]);
  });

  it("keeps the schema's own messages", () => {
    const Limit = z.object({ limit: z.coerce.number("must be a whole number").int("must be a whole number").max(100, "must be at most 100") });
    expect(detailsOf(Limit, { limit: "500" }, "query").details).toEqual([{ field: "limit", message: "must be at most 100" }]);
  });
});
