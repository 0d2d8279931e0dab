// The strict copy of a body schema (issue 29, contract item 2): unknown fields are refused at every depth,
// free-form records and declared catchalls stay open, descriptions survive, and the document says so.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseOrThrow, UNKNOWN_FIELD } from "../core/validation.ts";
import { AppError } from "../core/errors.ts";
import { strictBody } from "./strict-body.ts";
import { registeredRoutes } from "./registry.ts";
import { buildOpenApiDocument } from "./openapi.ts";
import { loadRouteTable } from "../ops/route-table.ts";

const Address = z.object({ line1: z.string(), city: z.string().optional() }).describe("where the business is");
const Body = z
  .object({
    name: z.string(),
    address: Address.optional(),
    recipients: z.array(z.object({ email: z.string() })).default([]),
    price: z
      .union([z.object({ cents: z.number() }), z.string()])
      .nullable()
      .optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    passthrough: z.object({ a: z.string() }).catchall(z.unknown()).optional(),
    encoded: z
      .string()
      .transform((s) => JSON.parse(s) as unknown)
      .pipe(z.array(z.object({ units: z.string() }))),
  })
  .refine((b) => b.name !== "refused", { message: "refined", path: ["name"] });

const detailsOf = (input: unknown) => {
  try {
    parseOrThrow(strictBody(Body), input, "body");
  } catch (err) {
    return (err as AppError).details;
  }
  return "parsed";
};

describe("strictBody", () => {
  const ok = { name: "a", encoded: '[{"units":"1"}]' };

  it("accepts the declared fields, with free-form metadata and a declared catchall", () => {
    const full = {
      ...ok,
      address: { line1: "1 St" },
      recipients: [{ email: "x@y.z" }],
      price: { cents: 5 },
      metadata: { any: { thing: 1 } },
      passthrough: { a: "b", c: 1 },
    };
    expect(detailsOf(full)).toBe("parsed");
    expect(strictBody(Body).parse(full)).toMatchObject({ passthrough: { a: "b", c: 1 }, metadata: { any: { thing: 1 } } });
  });

  it("names every unknown field by its full path, at any depth and inside lists, unions and pipes", () => {
    const bad = {
      ...ok,
      colour: "red",
      address: { line1: "1 St", colr: "x" },
      recipients: [{ email: "x@y.z" }, { email: "x@y.z", nmae: "n" }],
      encoded: '[{"units":"1","unitz":"2"}]',
    };
    expect(detailsOf(bad)).toEqual(
      expect.arrayContaining([
        { field: "colour", message: UNKNOWN_FIELD },
        { field: "address.colr", message: UNKNOWN_FIELD },
        { field: "recipients.1.nmae", message: UNKNOWN_FIELD },
        { field: "encoded.0.unitz", message: UNKNOWN_FIELD },
      ]),
    );
    expect(detailsOf({ ...ok, price: { cents: 5, centz: 6 } })).not.toBe("parsed");
  });

  it("keeps refinements and descriptions, and leaves the declared schema as it was", () => {
    expect(detailsOf({ ...ok, name: "refused" })).toEqual([{ field: "name", message: "refined" }]);
    const strict = strictBody(Body);
    const json = z.toJSONSchema(strict, { io: "input", unrepresentable: "any" }) as {
      additionalProperties?: boolean;
      properties: Record<string, { anyOf?: unknown[]; description?: string; additionalProperties?: boolean }>;
    };
    expect(json.additionalProperties).toBe(false);
    expect(json.properties.address).toMatchObject({ description: "where the business is", additionalProperties: false });
    expect(Body.safeParse({ ...ok, colour: "red" }).success).toBe(true);
  });

  it("every JSON request body of the served document says additionalProperties: false at its top", async () => {
    await loadRouteTable();
    const doc = buildOpenApiDocument(registeredRoutes(), "http://localhost/api") as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { additionalProperties?: unknown } }> } }>>;
    };
    const bodies = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).flatMap(([m, op]) =>
        op.requestBody?.content["application/json"] ? [[`${m} ${p}`, op.requestBody.content["application/json"].schema.additionalProperties]] : [],
      ),
    );
    expect(bodies.length).toBeGreaterThan(60);
    expect(bodies.filter(([, a]) => a !== false)).toEqual([]);
  });
});
