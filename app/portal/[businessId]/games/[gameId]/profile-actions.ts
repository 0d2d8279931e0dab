"use server";
// The store profile form's server action: the form through the hosted action kernel (every field capped),
// then updatePortalGameProfile (the member's games:write checked first, then the game's profile service and
// its validation, with an audit entry). Checkboxes arrive as "on" when ticked.
import { z } from "zod";
import { MAX_MOVIES, MAX_SCREENSHOTS } from "@/lib/games/update-game-profile";
import { textField } from "@/lib/hosted/action";
import { updatePortalGameProfile } from "@/lib/portal/update-portal-game-profile";
import { portalAction, type Bound } from "../../../_lib/answer";

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

export const updateGameProfileAction = portalAction(
  ProfileForm,
  (ctx, input, { businessId, gameId }: Bound & { gameId: string }) =>
    updatePortalGameProfile(ctx, {
      businessId,
      gameId,
      ...input,
      hideSuccessPageShareButtons: input.hideSuccessPageShareButtons === "on",
      isVisible: input.isVisible === "on",
    }),
  ({ changed }) => ({ notice: changed.length ? `Store profile saved (${changed.join(", ")}).` : "Nothing changed." }),
  { doing: "saving a game's store profile" },
);
