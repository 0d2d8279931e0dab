// The contract check every `call` runs (tests/support/openapi-contract.ts), on answers made up to break it:
// each mismatch names the operation, the status and Ajv's path, and a conforming answer passes.
import { describe, expect, it } from "vitest";
import { POST as CREATE_CAMPAIGN } from "@/app/api/v1/platform/campaigns/route";
import { GET as EXPORT_INVOICES } from "@/app/api/v1/platform/invoices/export/route";
import { DELETE as ARCHIVE_TEMPLATE } from "@/app/api/v1/platform/split-templates/[templateId]/route";
import { contractProblemsOf } from "./support/openapi-contract";

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
  const h = new Headers({ "x-request-id": "req_1", "x-service-api-version": "v1", ...headers });
  if (body !== undefined && !h.has("content-type")) h.set("content-type", "application/json; charset=utf-8");
  return { status, text, body, headers: h };
};
const error = (code: string) => ({ error: "no", code, requestId: "req_1", docUrl: `http://localhost:3000/docs/errors#${code}` });

describe("the Ajv contract check", () => {
  it("passes an error body of a documented status, and refuses one with a field of the wrong type, naming the operation, the status and the path", async () => {
    expect(await contractProblemsOf(CREATE_CAMPAIGN.definition, answer(400, error("VALIDATION_ERROR")))).toEqual([]);
    const problems = await contractProblemsOf(CREATE_CAMPAIGN.definition, answer(400, { ...error("VALIDATION_ERROR"), details: [{ field: 1 }] }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("POST /v1/platform/campaigns (postV1PlatformCampaigns) answered 400");
    expect(problems[0]).toContain("/details/0/field must be string");
    expect(problems[0]).toContain("/details/0 must have required property 'message'");
  });

  it("refuses a status the document does not list, and a body where it lists none", async () => {
    expect((await contractProblemsOf(CREATE_CAMPAIGN.definition, answer(418, error("TEAPOT"))))[0]).toMatch(
      /answered 418, a status the document does not list/,
    );
    const def = ARCHIVE_TEMPLATE.definition;
    expect(await contractProblemsOf(def, answer(204, undefined))).toEqual([]);
    expect((await contractProblemsOf(def, answer(204, { deleted: true })))[0]).toMatch(
      /answered 204 with a body \(application\/json\), where the document lists none/,
    );
  });

  it("refuses a relative Location (the document says format uri), a missing required header and an API header the response does not document", async () => {
    const csv = EXPORT_INVOICES.definition;
    expect(await contractProblemsOf(csv, answer(200, "a,b\n", { "content-type": "text/csv; charset=utf-8", "content-disposition": "attachment" }))).toEqual([]);
    expect(await contractProblemsOf(csv, answer(200, "a,b\n", { "content-type": "text/csv" }))).toEqual([
      "GET /v1/platform/invoices/export (getV1PlatformInvoicesExport) answered 200 without the header content-disposition, which the document requires",
    ]);
    expect(await contractProblemsOf(csv, answer(200, "a,b\n", { "content-type": "text/plain", "content-disposition": "attachment" }))).toEqual([
      'GET /v1/platform/invoices/export (getV1PlatformInvoicesExport) answered 200 with content-type "text/plain", where the document lists text/csv',
    ]);
    const relative = await contractProblemsOf(CREATE_CAMPAIGN.definition, answer(400, error("VALIDATION_ERROR"), { location: "/api/v1/x" }));
    expect(relative).toEqual([
      "POST /v1/platform/campaigns (postV1PlatformCampaigns) answered 400 with the header location, which the document does not list for this response",
    ]);
    const limited = await contractProblemsOf(CREATE_CAMPAIGN.definition, answer(429, error("RATE_LIMITED"), { "retry-after": "0" }));
    expect(limited.join("\n")).toContain('header retry-after: "0" does not match the documented schema: (root) must be >= 1');
    expect(limited.join("\n")).toContain("without the header ratelimit-limit, which the document requires");
  });
});
