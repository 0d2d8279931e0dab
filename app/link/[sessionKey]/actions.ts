"use server";
// The form action of the link approval page. The session key in the URL is the credential; approving
// also needs a signed-in player. Every outcome ends on the page, which shows the new state.
import { notFound, redirect } from "next/navigation";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { decideLinkSession } from "./decide-link-session";

export const submitLinkDecision = async (sessionKey: string, formData: FormData): Promise<void> => {
  const decision = formData.get("decision") === "cancel" ? "cancel" : "approve";
  const player = decision === "approve" ? await getSignedInPlayer() : null;
  const session = await decideLinkSession(getDb(), { sessionKey, decision, email: player?.email ?? null });
  if (!session) notFound();
  redirect(`/link/${encodeURIComponent(sessionKey)}`);
};
