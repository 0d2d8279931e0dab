"use server";
// The form action of the platform connect page. The session key in the URL names the session; answering
// needs a signed-in admin of the chosen business (lib/platform/decide-connect-session.ts checks it).
import { z } from "zod";
import { answerOf } from "../../_lib/answer";
import type { DecisionState } from "@/components/business/decision-form";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { decideConnectSession } from "@/lib/platform/decide-connect-session";

const ConnectForm = z.object({
  decision: textField(16, "Choose approve or decline.").transform((d) => (d === "decline" ? ("decline" as const) : ("approve" as const))),
  businessId: textField(64, "Choose a business you administer.", { trim: true }),
});

export const submitConnectDecision = async (sessionKey: string, prev: DecisionState, form: FormData): Promise<DecisionState> => {
  const out = await runHostedAction({
    schema: ConnectForm,
    form,
    run: ({ db, input, player }) => decideConnectSession({ db, player }, { sessionKey, businessId: input.businessId, decision: input.decision }),
    unexpected: { log: `[business] connect ${sessionKey} failed:`, message: "Something went wrong on our side." },
  });
  return answerOf(out, `/business/connect/${encodeURIComponent(sessionKey)}`, prev);
};
