// POST /v1/vc/cashouts: request a cashout (no balance moves); GET: list cashout requests
import { reply, route } from "@/lib/http/route";
import { CashoutList, CashoutListQuery, RequestCashoutBody, RequestCashoutResult } from "@/lib/cashouts/schemas";
import { requestCashout, REQUEST_CASHOUT_ERRORS } from "@/lib/cashouts/request-cashout";
import { listCashouts, LIST_CASHOUTS_ERRORS } from "@/lib/cashouts/list-cashouts";

export const POST = route({
  method: "POST",
  path: "/v1/vc/cashouts",
  summary: "Request a cashout",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "required",
  errors: REQUEST_CASHOUT_ERRORS,
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
  errors: LIST_CASHOUTS_ERRORS,
  query: CashoutListQuery,
  response: { status: 200, schema: CashoutList },
  handler: ({ ctx, query }) => listCashouts(ctx, query),
});
