"use server";
// The revoke button of the Connected platforms page: a signed-in admin of the business revokes one
// platform's grant (lib/platform/revoke-business-grant.ts checks who may).
import { z } from "zod";
import { answerOf } from "../../_lib/answer";
import type { DecisionState } from "@/components/business/decision-form";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { revokeBusinessGrant } from "@/lib/platform/revoke-business-grant";

const RevokeForm = z.object({ decision: textField(16, "Choose revoke.") });

export const submitRevoke = async (businessId: string, grantId: string, prev: DecisionState, form: FormData): Promise<DecisionState> => {
  const out = await runHostedAction({
    schema: RevokeForm,
    form,
    run: ({ db, player }) => revokeBusinessGrant({ db, player }, { businessId, grantId }),
    unexpected: { log: `[business] revoking ${grantId} failed:`, message: "Something went wrong on our side." },
  });
  return answerOf(out, `/business/${encodeURIComponent(businessId)}/platforms?revoked=${encodeURIComponent(grantId)}`, prev);
};
