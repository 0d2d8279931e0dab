// POST /v1/vc/cashouts/{cashoutRequestId}/approve: debit the units and record the conversion
import { route } from "@/lib/http/route";
import { ApproveCashoutResult, CashoutParams } from "@/lib/cashouts/schemas";
import { approveCashout } from "@/lib/cashouts/approve-cashout";

export const POST = route({
  method: "POST",
  path: "/v1/vc/cashouts/{cashoutRequestId}/approve",
  summary: "Approve a cashout request",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "required",
  errors: ["AMOUNT_OUT_OF_RANGE", "INSUFFICIENT_FUNDS", "CASHOUT_NOT_FOUND", "CASHOUT_NOT_PENDING"],
  params: CashoutParams,
  response: { status: 200, schema: ApproveCashoutResult },
  handler: ({ ctx, params }) => approveCashout(ctx, { cashoutRequestId: params.cashoutRequestId }),
});
