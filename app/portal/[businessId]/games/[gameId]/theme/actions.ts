"use server";
// The theme editor's server action: the form through the hosted action kernel, then savePortalTheme (the
// member's games:write checked first; the same schema, service and contrast rule as PUT /v1/game/theme).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { THEME_FIELDS, type ThemeField } from "@/lib/checkout/schemas";
import { runHostedAction, textField } from "@/lib/hosted/action";
import { savePortalTheme } from "@/lib/portal/save-portal-theme";
import { answerOf } from "../../../../_lib/answer";

const ThemeForm = z.object(
  Object.fromEntries(
    THEME_FIELDS.map((f) => [
      f,
      textField(f === "logoUrl" ? 2048 : 9, f === "logoUrl" ? "The logo URL is too long." : `${f}: a hex colour, e.g. #0f172a.`, { trim: true }),
    ]),
  ) as Record<ThemeField, ReturnType<typeof textField>>,
);

export const saveThemeAction = async (businessId: string, gameId: string, prev: PortalFormState, form: FormData): Promise<PortalFormState> => {
  const out = await runHostedAction({
    schema: ThemeForm,
    form,
    run: ({ db, player, input }) => savePortalTheme({ db, player }, { businessId, gameId, ...input }),
    unexpected: { log: "[portal] saving a checkout theme failed:", message: "Something went wrong on our side. Please try again." },
  });
  if (out.ok) revalidatePath(`/portal/${businessId}/games/${gameId}`, "layout");
  return answerOf(out, prev, () => ({ notice: "Theme saved. New and open checkouts of this game now use it." }));
};
