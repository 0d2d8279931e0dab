"use server";
// The form action of the link approval page. The session key in the URL is the credential; approving
// also needs a signed-in player. Every outcome ends on the page, which shows the new state.
import { notFound, redirect } from "next/navigation";
import { z } from "zod";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { decideLinkSession } from "@/lib/flows/decide-link-session";

const DecisionForm = z.object({ decision: textField(16, "Choose approve or cancel.").transform((d) => (d === "cancel" ? "cancel" : "approve")) });

export const submitLinkDecision = async (sessionKey: string, formData: FormData): Promise<void> => {
  const out = await runHostedAction({
    schema: DecisionForm,
    form: formData,
    signedIn: ({ decision }) => decision === "approve",
    run: ({ db, input, player }) => decideLinkSession({ db }, { sessionKey, decision: input.decision, email: player?.email ?? null }),
  });
  if (out.ok && !out.value) notFound();
  redirect(`/link/${encodeURIComponent(sessionKey)}`);
};
