// Domain errors against the API document (issue 10, item 4): each call below provokes an error a
// service raises, and the OpenAPI document must list its status and code for that operation.
// tests/fuzz.test.ts makes the same check for every error its hostile inputs provoke.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RouteHandler } from "@/lib/http/route";
import { POST as creditRoute } from "@/app/api/v1/vc/credits/route";
import { POST as debitRoute } from "@/app/api/v1/vc/debits/route";
import { POST as startVcPurchaseRoute } from "@/app/api/v1/vc/purchases/route";
import { POST as approveCashoutRoute } from "@/app/api/v1/vc/cashouts/[cashoutRequestId]/approve/route";
import { GET as getUserRoute } from "@/app/api/v1/users/[userRef]/route";
import { call, type CallResult } from "./support/http";
import { makeProduct } from "./support/products";
import { fund, idem, makeVcGame } from "./support/vc";
import { undocumentedError } from "./support/openapi-errors";

/** The response must be the expected error, and the document must list it for the route. */
const expectDocumented = async (handler: RouteHandler, res: CallResult, status: number, code: string) => {
  const { method, path } = handler.definition;
  expect({ status: res.status, code: res.body?.code }, `${method} ${path}: ${res.text}`).toEqual({ status, code });
  expect(await undocumentedError(method, path, status, code)).toBeUndefined();
};

describe("domain error responses are documented for their operations", () => {
  it("insufficient funds, unknown currency and user, and idempotency key reuse", async () => {
    const { headers, currencyId, users } = await makeVcGame({ players: 1 });
    const [userRef] = users;
    await fund(headers, currencyId, userRef, 10);

    const debit = (body: Record<string, unknown>, h = idem(headers)) =>
      call(debitRoute, { headers: h, body: { currencyId, userRef, amountUnits: "5", reason: "test", ...body } });
    await expectDocumented(debitRoute, await debit({ amountUnits: "1000" }), 422, "INSUFFICIENT_FUNDS");
    await expectDocumented(debitRoute, await debit({ currencyId: randomUUID() }), 404, "CURRENCY_NOT_FOUND");
    await expectDocumented(debitRoute, await debit({ userRef: `nobody-${randomUUID()}` }), 404, "USER_REF_NOT_FOUND");

    const key = idem(headers);
    const credit = (amountUnits: string) => call(creditRoute, { headers: key, body: { currencyId, userRef, amountUnits, orderId: "order-1" } });
    expect((await credit("1")).status).toBe(201);
    await expectDocumented(creditRoute, await credit("2"), 422, "IDEMPOTENCY_KEY_REUSED");
  });

  it("an item not for sale (410), an unknown cashout (404) and an unknown user (404)", async () => {
    const { headers, currencyId, users } = await makeVcGame({ players: 1 });
    const product = await makeProduct(headers, { forSale: false, virtualCurrencyPrices: [{ currencyId, amount: 1 }] });
    const purchase = await call(startVcPurchaseRoute, { headers: idem(headers), body: { userId: users[0], itemId: product._id, currencyId } });
    await expectDocumented(startVcPurchaseRoute, purchase, 410, "ITEM_NOT_FOR_SALE");

    const approve = await call(approveCashoutRoute, { headers: idem(headers), params: { cashoutRequestId: randomUUID() }, body: {} });
    await expectDocumented(approveCashoutRoute, approve, 404, "CASHOUT_NOT_FOUND");

    const user = await call(getUserRoute, { headers, params: { userRef: `nobody-${randomUUID()}` } });
    await expectDocumented(getUserRoute, user, 404, "USER_REF_NOT_FOUND");
  });

  it("the check names the route, the status and the code, and says what to do", async () => {
    expect(await undocumentedError("POST", "/v1/vc/debits", 410, "CHECKOUT_EXPIRED")).toBe(
      "POST /v1/vc/debits answered 410 CHECKOUT_EXPIRED, but the document lists no 410 for it: add CHECKOUT_EXPIRED to the *_ERRORS list of the service that raises it",
    );
    expect(await undocumentedError("POST", "/v1/vc/debits", 404, "CASHOUT_NOT_FOUND")).toMatch(
      /^POST \/v1\/vc\/debits answered 404 CASHOUT_NOT_FOUND, but its documented 404 codes are \[.*\]: add CASHOUT_NOT_FOUND to the \*_ERRORS list of the service that raises it$/,
    );
  });
});
