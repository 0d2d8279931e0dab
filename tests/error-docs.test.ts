// Issue 29, contract item 3: errors a program can act on. Every error body links its code's entry on the
// served page /docs/errors (docUrl, absolute), the page lists every code of the table under its own anchor
// and is linked from /docs, and each operation documents its codes per status as an enum.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import ErrorsPage from "@/app/docs/errors/page";
import { GET as getDocs } from "@/app/docs/route";
import { GET as getCampaign } from "@/app/api/v1/campaign/[id]/route";
import { GET as getGame } from "@/app/api/v1/game/route";
import { GET as getProduct } from "@/app/api/v1/product/[productId]/route";
import { POST as credit } from "@/app/api/v1/vc/credits/route";
import { appBaseUrl } from "@/lib/config/settings";
import { ERRORS, wireCode, type ErrorCode } from "@/lib/core/errors";
import { buildOpenApiDocument, inlineResponses } from "@/lib/http/openapi";
import { registeredRoutes } from "@/lib/http/registry";
import { createDispatch } from "@/lib/ops/dispatch";
import { loadRouteTable, routeTableOf } from "@/lib/ops/route-table";
import { makeCampaignWith } from "@/tests/support/campaigns";
import { makeCampaign, makeGame } from "@/tests/support/fixtures";
import { call } from "@/tests/support/http";
import { idem } from "@/tests/support/vc";

const docUrlOf = (code: string) => `${appBaseUrl()}/docs/errors#${code}`;

describe("docUrl on every error body (issue 29)", () => {
  it("is the absolute URL of the code's entry: kernel 401, validation 400, a domain 404, a foreign campaign", async () => {
    expect(new URL(docUrlOf("X")).protocol).toMatch(/^https?:$/);
    const unauthorized = await call(getGame, { headers: {} });
    expect([unauthorized.status, unauthorized.body.code, unauthorized.body.docUrl]).toEqual([401, "UNAUTHORIZED", docUrlOf("UNAUTHORIZED")]);

    const game = await makeGame();
    const invalid = await call(credit, { headers: idem(game.headers), body: {} });
    expect([invalid.status, invalid.body.code, invalid.body.docUrl]).toEqual([400, "VALIDATION_ERROR", docUrlOf("VALIDATION_ERROR")]);
    expect(invalid.body.details.length).toBeGreaterThan(0);

    const missing = await call(getProduct, { headers: game.headers, params: { productId: "nope" } });
    expect(missing.body).toMatchObject({ code: "PRODUCT_NOT_FOUND", docUrl: docUrlOf("PRODUCT_NOT_FOUND"), requestId: missing.headers.get("x-request-id") });
    expect(missing.status).toBe(404);
  });

  it("a foreign campaign is 404 CAMPAIGN_NOT_FOUND on the campaign-key API, as on the platform API", async () => {
    const { headers, params } = await makeCampaignWith();
    const other = await makeCampaign();
    const res = await call(getCampaign, { headers, params: { ...params, id: other.campaign.id } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: "CAMPAIGN_NOT_FOUND", docUrl: docUrlOf("CAMPAIGN_NOT_FOUND") });
  });

  it("is on the dispatch's own 404 and 405", async () => {
    const dispatch = createDispatch(routeTableOf([{ method: "GET", path: getGame.definition.path, handler: getGame }]));
    const notFound = await dispatch(new Request("http://localhost/api/v1/no/such/thing"));
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toMatchObject({ code: "ROUTE_NOT_FOUND", docUrl: docUrlOf("ROUTE_NOT_FOUND") });
    const refused = await dispatch(new Request("http://localhost/api/v1/game", { method: "DELETE" }));
    expect(refused.status).toBe(405);
    expect(await refused.json()).toMatchObject({ code: "METHOD_NOT_ALLOWED", docUrl: docUrlOf("METHOD_NOT_ALLOWED") });
    const outside = await dispatch(new Request("http://localhost/api/v1/a/"));
    expect(await outside.json()).toMatchObject({ code: "ROUTE_NOT_FOUND", docUrl: docUrlOf("ROUTE_NOT_FOUND") });
  });
});

describe("the page /docs/errors", () => {
  const html = renderToStaticMarkup(ErrorsPage());

  it("lists every code of the table once, under an anchor named by the code, with its status, meaning and what to do", () => {
    const codes = (Object.keys(ERRORS) as ErrorCode[]).map(wireCode);
    expect(codes.length).toBeGreaterThan(100);
    for (const key of Object.keys(ERRORS) as ErrorCode[]) {
      const code = wireCode(key);
      expect(html.split(`id="${code}"`).length - 1, code).toBe(1);
      expect(html, code).toContain(`href="#${code}"`);
      const entry = html.slice(html.indexOf(`id="${code}"`), html.indexOf("</li>", html.indexOf(`id="${code}"`)));
      expect(entry, code).toContain(`<dd>${ERRORS[key].status}</dd>`);
      expect(entry, code).toContain("What to do");
    }
    expect(html).toContain("<h1");
    expect(html).toContain('lang="en"');
    expect(html).toContain('href="/docs"');
  });

  it("is linked from /docs, above the reference", async () => {
    const res = await getDocs(new Request("http://localhost/docs"));
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toMatch(/<body[^>]*><header[^>]*>.*<a href="\/docs\/errors"/s);
  });
});

describe("the API document's error responses", () => {
  it("give each status of each operation its codes as an enum (the x-error-codes list), and docUrl in the Error schema", async () => {
    await loadRouteTable();
    type Res = {
      "x-error-codes"?: string[];
      content?: { "application/json": { schema: { allOf: [{ $ref: string }, { properties: { code: { enum: string[] } } }] } } };
    };
    const doc = inlineResponses(buildOpenApiDocument(registeredRoutes(), "https://coinop.example")) as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, Res> }>>;
      components: { schemas: { Error: { required: string[]; properties: Record<string, { format?: string }> } } };
    };
    expect(doc.components.schemas.Error.required).toContain("docUrl");
    expect(doc.components.schemas.Error.properties.docUrl.format).toBe("uri");
    let checked = 0;
    for (const [p, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        for (const [status, r] of Object.entries(op.responses)) {
          if (!r["x-error-codes"]) continue;
          const schema = r.content!["application/json"].schema;
          expect(schema.allOf[0], `${method} ${p} ${status}`).toEqual({ $ref: "#/components/schemas/Error" });
          expect(schema.allOf[1].properties.code.enum, `${method} ${p} ${status}`).toEqual(r["x-error-codes"]);
          for (const code of r["x-error-codes"])
            expect(
              ERRORS[code as ErrorCode]?.status ??
                (Object.keys(ERRORS) as ErrorCode[]).map((k) => [wireCode(k), ERRORS[k].status]).find(([c]) => c === code)?.[1],
              code,
            ).toBe(Number(status));
          checked++;
        }
    expect(checked).toBeGreaterThan(500);
    const revoke = doc.paths["/v1/campaign/{id}"].get.responses["404"];
    expect(revoke.content!["application/json"].schema.allOf[1].properties.code.enum).toContain("CAMPAIGN_NOT_FOUND");
  });
});
