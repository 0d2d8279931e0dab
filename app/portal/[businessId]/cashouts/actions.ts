"use server";
// The cashout review queue's server actions: approve, or reject with a reason. Each calls one lib/portal
// service (the role is checked first; the same services as the /v1 approve and reject routes); a second
// decision on a request is refused by the request's state, so a double click acts once.
import { redirect } from "next/navigation";
import { z } from "zod";
import { textField } from "@/lib/hosted/action";
import { approvePortalCashout } from "@/lib/portal/approve-portal-cashout";
import { formatUsdc } from "@/lib/portal/ledger-format";
import { rejectPortalCashout } from "@/lib/portal/reject-portal-cashout";
import { portalAction, type Bound } from "../../_lib/answer";

type OnCashout = Bound & { environment: string; cashoutRequestId: string };

/** After a decision the request leaves the pending list: the queue says what was decided (read back from the request). */
const decided = (_value: unknown, { businessId, environment, cashoutRequestId }: OnCashout) =>
  redirect(
    `/portal/${encodeURIComponent(businessId)}/cashouts?${new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), decided: cashoutRequestId })}`,
  );

const ApproveForm = z.object({ confirm: textField(8, "Confirm the approval.") });

export const approveCashoutAction = portalAction(
  ApproveForm,
  (ctx, _input, { businessId, cashoutRequestId }: OnCashout) => approvePortalCashout(ctx, { businessId, cashoutRequestId }),
  (r) => ({ notice: `Approved: ${formatUsdc(r.convertedBaseUnits)} USDC owed to the player.` }),
  { doing: "approving a cashout", then: decided },
);

const RejectForm = z.object({ reason: textField(600, "The reason is at most 500 characters.") });

export const rejectCashoutAction = portalAction(
  RejectForm,
  (ctx, { reason }, { businessId, cashoutRequestId }: OnCashout) => rejectPortalCashout(ctx, { businessId, cashoutRequestId, reason }),
  () => ({ notice: "Rejected. No units moved." }),
  { doing: "rejecting a cashout", then: decided },
);
