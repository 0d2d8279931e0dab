"use server";
// The theme editor's server action: the form through the hosted action kernel, then savePortalTheme (the
// member's games:write checked first; the same schema, service and contrast rule as PUT /v1/game/theme).
import { z } from "zod";
import { THEME_FIELDS, type ThemeField } from "@/lib/checkout/schemas";
import { textField } from "@/lib/hosted/action";
import { savePortalTheme } from "@/lib/portal/save-portal-theme";
import { portalAction, type Bound } from "../../../../_lib/answer";

const ThemeForm = z.object(
  Object.fromEntries(
    THEME_FIELDS.map((f) => [
      f,
      textField(f === "logoUrl" ? 2048 : 9, f === "logoUrl" ? "The logo URL is too long." : `${f}: a hex colour, e.g. #0f172a.`, { trim: true }),
    ]),
  ) as Record<ThemeField, ReturnType<typeof textField>>,
);

type OnGame = Bound & { gameId: string };

export const saveThemeAction = portalAction(
  ThemeForm,
  (ctx, input, { businessId, gameId }: OnGame) => savePortalTheme(ctx, { businessId, gameId, ...input }),
  () => ({ notice: "Theme saved. New and open checkouts of this game now use it." }),
  { doing: "saving a checkout theme", refresh: ({ businessId, gameId }: OnGame) => ({ path: `/portal/${businessId}/games/${gameId}`, type: "layout" }) },
);
