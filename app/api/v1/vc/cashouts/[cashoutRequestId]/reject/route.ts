// POST /v1/vc/cashouts/{cashoutRequestId}/reject: reject with a reason; no balance moves
import { route } from "@/lib/http/route";
import { CashoutParams, RejectCashoutBody } from "@/lib/cashouts/schemas";
import { rejectCashout, REJECT_CASHOUT_ERRORS } from "@/lib/cashouts/reject-cashout";

export const POST = route({
  method: "POST",
  path: "/v1/vc/cashouts/{cashoutRequestId}/reject",
  summary: "Reject a cashout request",
  tags: ["Virtual currency"],
  auth: "server",
  idempotency: "required",
  errors: REJECT_CASHOUT_ERRORS,
  params: CashoutParams,
  body: RejectCashoutBody,
  response: { status: 204, description: "Rejected; no body." },
  handler: ({ ctx, params, body }) => rejectCashout(ctx, { cashoutRequestId: params.cashoutRequestId, body }),
});
