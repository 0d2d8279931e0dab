"use server";
// "Continue" on an invite: a server action (a POST), so link prefetchers and bots that only GET the
// invite URL never open sessions. Each press opens a new session for this visitor.
import { redirect } from "next/navigation";
import { getSignedInPlayer } from "@/lib/auth/get-signed-in-player";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/http/errors";
import { openInviteSession } from "@/lib/invites/open-invite-session";

export const continueWithInvite = async (code: string): Promise<void> => {
  const player = await getSignedInPlayer();
  let sessionKey: string;
  try {
    ({ sessionKey } = await openInviteSession(getDb(), { code, email: player?.email }));
  } catch (e) {
    // The invite changed since the page was shown (paused, revoked, used up): show its state again.
    if (e instanceof AppError) redirect(`/join/${encodeURIComponent(code)}`);
    throw e;
  }
  redirect(`/link/${encodeURIComponent(sessionKey)}`);
};
