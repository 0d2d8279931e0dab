"use server";
// The keys page's own server action: a new campaign key. Renaming, rotating and revoking a campaign key use
// the same actions as a server key (app/portal/[businessId]/actions.ts): one service per change handles both
// kinds (lib/portal/*-game-key.ts). The business and the campaign are bound by the page.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { createGameKey } from "@/lib/portal/create-game-key";
import { answerOf } from "../../_lib/answer";

const LabelForm = z.object({ label: textField(200, "The label is too long.") });

export const createCampaignKeyAction = async (businessId: string, campaignId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: LabelForm,
    form,
    run: ({ db, player, input }) => createGameKey({ db, player }, { businessId, campaignId, label: input.label }),
    unexpected: { log: "[portal] creating a campaign key failed:", message: "Something went wrong on our side. Please try again." },
  });
  if (out.ok) revalidatePath(`/portal/${businessId}`, "layout");
  return answerOf(out, prev, (k) => ({ notice: `Key “${k.label}” created.`, secret: { heading: `Your new key (${k.prefix}…)`, value: k.rawKey } }));
};
