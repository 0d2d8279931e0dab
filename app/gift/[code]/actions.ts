"use server";
// The claim action of the gift page. The code in the URL is the credential; claiming also needs the signed-in
// recipient (a verified email). Every outcome ends on the page, which shows the gift's new state.
import { redirect } from "next/navigation";
import { z } from "zod";
import { AppError } from "@/lib/core/errors";
import { runHostedAction } from "@/lib/hosted/action";
import { claimGift } from "@/lib/gifts/claim-gift";

export const claimGiftAction = async (code: string, formData: FormData): Promise<void> => {
  await runHostedAction({
    schema: z.object({}),
    form: formData,
    run: ({ db, player }) => {
      if (!player) throw new AppError("GIFT_SIGN_IN_REQUIRED", "Sign in with the email address the gift was sent to.");
      return claimGift({ db }, { claimCode: code, email: player.email });
    },
  });
  redirect(`/gift/${encodeURIComponent(code)}`);
};
