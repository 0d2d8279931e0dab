"use server";
// The campaigns pages' server actions: start, stop and withdraw (the campaign-key services, through
// lib/portal, campaigns:write checked first) and a new link invite. The campaign is bound by the page.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { createPortalCampaignInvite } from "@/lib/portal/create-portal-campaign-invite";
import { requestPortalCampaignOperation } from "@/lib/portal/request-portal-campaign-operation";
import { answerOf } from "../../_lib/answer";

const unexpected = (what: string) => ({ log: `[portal] ${what} failed:`, message: "Something went wrong on our side. Please try again." });
const refresh = (businessId: string) => revalidatePath(`/portal/${businessId}/campaigns`, "layout");

const OperationForm = z.object({ confirm: textField(8, "Confirm the action.") });

const DONE: Record<string, string> = {
  start: "Start requested: events are accepted from now on. Campaign.Started follows when the job completes.",
  stop: "Stop requested: events are refused from now on. Campaign.Stopped follows when the job completes.",
  withdraw: "Withdrawal requested: the balance goes back to the business funding wallet. Campaign.Withdrawn follows.",
};

export const campaignOperationAction = async (
  businessId: string,
  campaignId: string,
  action: "start" | "stop" | "withdraw",
  prev: PortalFormState,
  form: FormData,
): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: OperationForm,
    form,
    run: ({ db, player }) => requestPortalCampaignOperation({ db, player }, { businessId, campaignId, action }),
    unexpected: unexpected(`${action} of a campaign`),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, () => ({ notice: DONE[action] }));
};

const InviteForm = z.object({ label: textField(200, "The label is too long."), maxUses: textField(12, "Enter a whole number from 1 to 1,000,000.") });

export const createCampaignInviteAction = async (businessId: string, campaignId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: InviteForm,
    form,
    run: ({ db, player, input }) => createPortalCampaignInvite({ db, player }, { businessId, campaignId, ...input }),
    unexpected: unexpected("creating a link invite"),
  });
  if (out.ok) refresh(businessId);
  return answerOf(out, prev, (i) => ({ notice: `Invite created: ${i.url}` }));
};
