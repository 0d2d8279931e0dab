// POST /v1/vc/cashouts: request a cashout (no balance moves); GET: list cashout requests
import { reply, route } from "@/lib/http/route";
import { CashoutList, CashoutListQuery, RequestCashoutBody, RequestCashoutResult } from "@/lib/cashouts/schemas";
import { requestCashout } from "@/lib/cashouts/request-cashout";
import { listCashouts } from "@/lib/cashouts/list-cashouts";

export const POST = route({
  method: "POST",
  path: "/v1/vc/cashouts",
  summary: "Request a cashout",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "required",
  errors: ["NOT_FOUND", "INSUFFICIENT_FUNDS", "USER_REF_NOT_FOUND", "LINK_NOT_APPROVED", "CURRENCY_NOT_FOUND"],
  body: RequestCashoutBody,
  response: { status: 201, schema: RequestCashoutResult },
  handler: async ({ ctx, body }) => reply(await requestCashout(ctx, body), { status: 201 }),
});

export const GET = route({
  method: "GET",
  path: "/v1/vc/cashouts",
  summary: "List cashout requests",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "none",
  errors: ["NOT_FOUND", "USER_REF_NOT_FOUND", "CURRENCY_NOT_FOUND"],
  query: CashoutListQuery,
  response: { status: 200, schema: CashoutList },
  handler: ({ ctx, query }) => listCashouts(ctx, query),
});
