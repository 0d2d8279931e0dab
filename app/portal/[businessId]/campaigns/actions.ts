"use server";
// The campaigns pages' server actions: start, stop and withdraw (the campaign-key services, through
// lib/portal, campaigns:write checked first) and a new link invite. The campaign is bound by the page.
import { z } from "zod";
import { textField } from "@/lib/hosted/action";
import { createPortalCampaignInvite } from "@/lib/portal/create-portal-campaign-invite";
import { requestPortalCampaignOperation } from "@/lib/portal/request-portal-campaign-operation";
import { portalAction, type Bound } from "../../_lib/answer";

type OnCampaign = Bound & { campaignId: string };
type Operation = "start" | "stop" | "withdraw";

const campaignPages = ({ businessId }: Bound) => ({ path: `/portal/${businessId}/campaigns`, type: "layout" as const });

const OperationForm = z.object({ confirm: textField(8, "Confirm the action.") });

const DONE: Record<Operation, string> = {
  start: "Start requested: events are accepted from now on. Campaign.Started follows when the job completes.",
  stop: "Stop requested: events are refused from now on. Campaign.Stopped follows when the job completes.",
  withdraw: "Withdrawal requested: the balance goes back to the business funding wallet. Campaign.Withdrawn follows.",
};

export const campaignOperationAction = portalAction(
  OperationForm,
  (ctx, _input, { businessId, campaignId, action }: OnCampaign & { action: Operation }) =>
    requestPortalCampaignOperation(ctx, { businessId, campaignId, action }),
  (_op, { action }) => ({ notice: DONE[action] }),
  { doing: "an operation on a campaign", refresh: campaignPages },
);

const InviteForm = z.object({ label: textField(200, "The label is too long."), maxUses: textField(12, "Enter a whole number from 1 to 1,000,000.") });

export const createCampaignInviteAction = portalAction(
  InviteForm,
  (ctx, input, { businessId, campaignId }: OnCampaign) => createPortalCampaignInvite(ctx, { businessId, campaignId, ...input }),
  (i) => ({ notice: `Invite created: ${i.url}` }),
  { doing: "creating a link invite", refresh: campaignPages },
);
