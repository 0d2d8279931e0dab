"use server";
// The cashout review queue's server actions: approve, or reject with a reason. Each calls one lib/portal
// service (the role is checked first; the same services as the /v1 approve and reject routes); a second
// decision on a request is refused by the request's state, so a double click acts once.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { approvePortalCashout } from "@/lib/portal/approve-portal-cashout";
import { formatUsdc } from "@/lib/portal/ledger-format";
import { rejectPortalCashout } from "@/lib/portal/reject-portal-cashout";
import { answerOf } from "../../_lib/answer";

const unexpected = (what: string) => ({ log: `[portal] ${what} failed:`, message: "Something went wrong on our side. Please try again." });
const refresh = (businessId: string) => revalidatePath(`/portal/${businessId}`, "layout");
/** After a decision the request leaves the pending list: the queue says what was decided (read back from the request). */
const decided = (businessId: string, environment: string, id: string) =>
  redirect(`/portal/${encodeURIComponent(businessId)}/cashouts?${new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), decided: id })}`);

const ApproveForm = z.object({ confirm: textField(8, "Confirm the approval.") });

export const approveCashoutAction = async (
  businessId: string,
  environment: string,
  cashoutRequestId: string,
  prev: PortalFormState,
  form: FormData,
): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: ApproveForm,
    form,
    run: ({ db, player }) => approvePortalCashout({ db, player }, { businessId, cashoutRequestId }),
    unexpected: unexpected("approving a cashout"),
  });
  if (out.ok) {
    refresh(businessId);
    decided(businessId, environment, cashoutRequestId);
  }
  return answerOf(out, prev, (r) => ({ notice: `Approved: ${formatUsdc(r.convertedBaseUnits)} USDC owed to the player.` }));
};

const RejectForm = z.object({ reason: textField(600, "The reason is at most 500 characters.") });

export const rejectCashoutAction = async (
  businessId: string,
  environment: string,
  cashoutRequestId: string,
  prev: PortalFormState,
  form: FormData,
): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: RejectForm,
    form,
    run: ({ db, player, input }) => rejectPortalCashout({ db, player }, { businessId, cashoutRequestId, reason: input.reason }),
    unexpected: unexpected("rejecting a cashout"),
  });
  if (out.ok) {
    refresh(businessId);
    decided(businessId, environment, cashoutRequestId);
  }
  return answerOf(out, prev, () => ({ notice: "Rejected. No units moved." }));
};
