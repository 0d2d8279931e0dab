// Errors a client meets before any route runs, over HTTP against the production server: a method the
// path does not serve is a JSON 405 with Allow (answered by the API dispatch, lib/ops/dispatch.ts), an unknown path a JSON 404.
import { expect, test } from "@playwright/test";

test("a method the path does not serve is a JSON 405 naming the allowed methods", async ({ request }) => {
  const res = await request.delete("/api/v1/game");
  expect(res.status()).toBe(405);
  expect(res.headers()["allow"]).toBe("GET");
  expect(await res.json()).toEqual({
    error: "DELETE is not supported on /api/v1/game; use GET.",
    code: "METHOD_NOT_ALLOWED",
    docUrl: expect.stringMatching(/^https?:\/\/[^/]+\/docs\/errors#METHOD_NOT_ALLOWED$/),
    requestId: expect.stringMatching(/^req_/),
  });

  const campaign = await request.post("/api/v1/campaign/abc");
  expect(campaign.status()).toBe(405);
  expect(await campaign.json()).toMatchObject({ success: false, code: "METHOD_NOT_ALLOWED" });

  const products = await request.delete("/api/v1/products");
  expect(products.headers()["allow"]).toBe("GET, POST, PUT");
});

test("served methods still reach their routes, and unknown paths are a JSON 404", async ({ request }) => {
  const noKey = await request.get("/api/v1/game");
  expect(noKey.status()).toBe(401);
  expect(await noKey.json()).toMatchObject({ code: "UNAUTHORIZED" });
  const initiate = await request.get("/api/v1/users/link/initiate");
  expect(initiate.status()).toBe(401);
  const unknown = await request.patch("/api/v1/no/such/path");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ code: "ROUTE_NOT_FOUND" });
  expect((await request.get("/api/v1/openapi.json")).status()).toBe(200);
});
