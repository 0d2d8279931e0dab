// GET /v1/vc/balances: a player's balance of one currency
import { route } from "@/lib/http/route";
import { Balance, BalanceQuery } from "@/lib/vc/schemas";
import { getBalance, GET_BALANCE_ERRORS } from "@/lib/vc/get-balance";

export const GET = route({
  method: "GET",
  path: "/v1/vc/balances",
  summary: "Get a player's balance",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "none",
  reads: "replica",
  errors: GET_BALANCE_ERRORS,
  query: BalanceQuery,
  response: { status: 200, schema: Balance },
  handler: ({ ctx, query }) => getBalance(ctx, query),
});
