// POST /v1/vc/cashouts/{cashoutRequestId}/approve: debit the units and record the conversion
import { route } from "@/lib/http/route";
import { ApproveCashoutResult, CashoutParams } from "@/lib/cashouts/schemas";
import { approveCashout, APPROVE_CASHOUT_ERRORS } from "@/lib/cashouts/approve-cashout";

export const POST = route({
  method: "POST",
  path: "/v1/vc/cashouts/{cashoutRequestId}/approve",
  summary: "Approve a cashout request",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "required",
  errors: APPROVE_CASHOUT_ERRORS,
  params: CashoutParams,
  response: { status: 200, schema: ApproveCashoutResult },
  handler: ({ ctx, params }) => approveCashout(ctx, { cashoutRequestId: params.cashoutRequestId }),
});
