"use server";
// "Continue" on an invite: a server action (a POST), so link prefetchers and bots that only GET the
// invite URL never open sessions. Each press opens a new session for this visitor.
import { redirect } from "next/navigation";
import { z } from "zod";
import { runHostedAction } from "@/lib/hosted/action";
import { openInviteSession } from "@/lib/invites/open-invite-session";

export const continueWithInvite = async (code: string): Promise<void> => {
  const out = await runHostedAction({
    schema: z.object({}),
    form: new FormData(),
    run: ({ db, player }) => openInviteSession({ db }, { code, email: player?.email }),
  });
  // The invite changed since the page was shown (paused, revoked, used up): show its state again.
  if (!out.ok) redirect(`/join/${encodeURIComponent(code)}`);
  redirect(`/link/${encodeURIComponent(out.value.sessionKey)}`);
};
