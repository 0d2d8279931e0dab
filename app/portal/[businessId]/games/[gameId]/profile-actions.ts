"use server";
// The store profile form's server action: the form through the hosted action kernel (every field capped),
// then updatePortalGameProfile (the member's games:write checked first, then the game's profile service and
// its validation, with an audit entry). Checkboxes arrive as "on" when ticked. Built per call with the
// member's language: its errors and notice come from the portal-catalogue catalog.
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { MAX_MOVIES, MAX_SCREENSHOTS } from "@/lib/games/update-game-profile";
import { textField } from "@/lib/hosted/action";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { updatePortalGameProfile } from "@/lib/portal/update-portal-game-profile";
import { portalAction, type Bound } from "../../../_lib/answer";
import { getPortalLocale } from "../../../_lib/portal-locale";

type OnGame = Bound & { gameId: string };

const update = (t: Translator) => {
  const url = (what: string) => textField(2100, t("game.errors.urlTooLong", { what }));
  return portalAction(
    z.object({
      name: textField(220, t("game.errors.nameTooLong")),
      description: textField(2100, t("game.errors.descriptionTooLong")),
      imageUrl: url("image"),
      smallImageUrl: url("smallImage"),
      storeImageUrl: url("storeImage"),
      demoUrl: url("demo"),
      demoImageUrl: url("demoImage"),
      discordUrl: url("discord"),
      steamAppId: textField(40, t("game.errors.steamTooLong")),
      screenshots: textField((MAX_SCREENSHOTS + 1) * 2100, t("game.errors.screenshotsTooLong")),
      movies: textField((MAX_MOVIES + 1) * 2100, t("game.errors.moviesTooLong")),
      affiliateRatePercent: textField(20, t("game.errors.affiliateTooLong")),
      hideSuccessPageShareButtons: textField(10, t("errors.tickBox")),
      isVisible: textField(10, t("errors.tickBox")),
    }),
    (ctx, input, { businessId, gameId }: OnGame) =>
      updatePortalGameProfile(ctx, {
        businessId,
        gameId,
        ...input,
        hideSuccessPageShareButtons: input.hideSuccessPageShareButtons === "on",
        isVisible: input.isVisible === "on",
      }),
    ({ changed }) => ({ notice: changed.length ? t("game.profileSaved", { fields: changed.join(", ") }) : t("game.nothingChanged") }),
    { doing: "saving a game's store profile" },
  );
};

export const updateGameProfileAction = async (bound: OnGame, prev: PortalFormState, form: FormData): Promise<PortalFormState> =>
  update(getTranslator(await getPortalLocale(), "portal-catalogue"))(bound, prev, form);
