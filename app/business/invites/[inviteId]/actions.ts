"use server";
// The form action of the invite page: an admin of the invited business accepts or declines.
import { z } from "zod";
import { answerOf } from "../../_lib/answer";
import type { DecisionState } from "@/components/business/decision-form";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { decideBusinessInvite } from "@/lib/platform/decide-business-invite";

const InviteForm = z.object({
  decision: textField(16, "Choose accept or decline.").transform((d) => (d === "decline" ? ("decline" as const) : ("accept" as const))),
});

export const submitInviteDecision = async (inviteId: string, prev: DecisionState, form: FormData): Promise<DecisionState> => {
  const out = await runHostedAction({
    schema: InviteForm,
    form,
    run: ({ db, input, player }) => decideBusinessInvite({ db, player }, { inviteId, decision: input.decision }),
    unexpected: { log: `[business] invite ${inviteId} failed:`, message: "Something went wrong on our side." },
  });
  return answerOf(out, `/business/invites/${encodeURIComponent(inviteId)}`, prev);
};
