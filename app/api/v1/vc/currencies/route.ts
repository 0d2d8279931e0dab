// POST /v1/vc/currencies: create a currency (and its treasury pool); GET: list the game's currencies
import { reply, route } from "@/lib/http/route";
import { CreateCurrencyBody, CreateCurrencyResult, CurrencyList, CurrencyListQuery } from "@/lib/currencies/schemas";
import { createCurrency, CREATE_CURRENCY_ERRORS } from "@/lib/currencies/create-currency";
import { listCurrencies } from "@/lib/currencies/list-currencies";

export const POST = route({
  method: "POST",
  path: "/v1/vc/currencies",
  summary: "Create a virtual currency",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "required",
  errors: CREATE_CURRENCY_ERRORS,
  body: CreateCurrencyBody,
  response: { status: 201, schema: CreateCurrencyResult },
  handler: async ({ ctx, body }) => reply(await createCurrency(ctx, body), { status: 201 }),
});

export const GET = route({
  method: "GET",
  path: "/v1/vc/currencies",
  summary: "List the game's virtual currencies",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "none",
  query: CurrencyListQuery,
  response: { status: 200, schema: CurrencyList },
  handler: ({ ctx, query }) => listCurrencies(ctx, query),
});
