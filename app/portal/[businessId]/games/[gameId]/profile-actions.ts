"use server";
// The store profile form's server action: the form through the hosted action kernel (every field capped),
// then updatePortalGameProfile (the member's games:write checked first, then the game's profile service and
// its validation, with an audit entry). Checkboxes arrive as "on" when ticked.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { MAX_MOVIES, MAX_SCREENSHOTS } from "@/lib/games/update-game-profile";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { updatePortalGameProfile } from "@/lib/portal/update-portal-game-profile";
import { answerOf, UNEXPECTED } from "../../../_lib/answer";

const url = (what: string) => textField(2100, `The ${what} URL is too long.`);

const ProfileForm = z.object({
  name: textField(220, "The name is too long."),
  description: textField(2100, "The description is too long."),
  imageUrl: url("image"),
  smallImageUrl: url("small image"),
  storeImageUrl: url("store image"),
  demoUrl: url("demo"),
  demoImageUrl: url("demo image"),
  discordUrl: url("Discord"),
  steamAppId: textField(40, "The Steam app id is too long."),
  screenshots: textField((MAX_SCREENSHOTS + 1) * 2100, "The screenshot list is too long."),
  movies: textField((MAX_MOVIES + 1) * 2100, "The movie list is too long."),
  affiliateRatePercent: textField(20, "The affiliate share is too long."),
  hideSuccessPageShareButtons: textField(10, "Tick or untick the box."),
  isVisible: textField(10, "Tick or untick the box."),
});

export const updateGameProfileAction = async (businessId: string, gameId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: ProfileForm,
    form,
    run: ({ db, player, input }) =>
      updatePortalGameProfile(
        { db, player },
        { businessId, gameId, ...input, hideSuccessPageShareButtons: input.hideSuccessPageShareButtons === "on", isVisible: input.isVisible === "on" },
      ),
    unexpected: { log: "[portal] saving a game's store profile failed:", message: UNEXPECTED.message },
  });
  if (out.ok) revalidatePath(`/portal/${businessId}`, "layout");
  return answerOf(out, prev, ({ changed }) => ({ notice: changed.length ? `Store profile saved (${changed.join(", ")}).` : "Nothing changed." }));
};
