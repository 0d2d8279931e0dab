"use server";
// The theme editor's server action: the form through the hosted action kernel, then savePortalTheme (the
// member's games:write checked first; the same schema, service and contrast rule as PUT /v1/game/theme). Built per call with the member's language (errors, notice).
import { z } from "zod";
import type { PortalFormState } from "@/components/portal/portal-form";
import { THEME_FIELDS, type ThemeField } from "@/lib/checkout/schemas";
import { textField } from "@/lib/hosted/action";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { savePortalTheme } from "@/lib/portal/save-portal-theme";
import { portalAction, type Bound } from "../../../../_lib/answer";
import { getPortalLocale } from "../../../../_lib/portal-locale";

type OnGame = Bound & { gameId: string };

const save = (t: Translator) =>
  portalAction(
    z.object(
      Object.fromEntries(
        THEME_FIELDS.map((f) => [
          f,
          textField(f === "logoUrl" ? 2048 : 9, f === "logoUrl" ? t("theme.logoTooLong") : t("theme.hexTooLong", { field: f }), { trim: true }),
        ]),
      ) as Record<ThemeField, ReturnType<typeof textField>>,
    ),
    (ctx, input, { businessId, gameId }: OnGame) => savePortalTheme(ctx, { businessId, gameId, ...input }),
    () => ({ notice: t("theme.saved") }),
    { doing: "saving a checkout theme", refresh: ({ businessId, gameId }: OnGame) => ({ path: `/portal/${businessId}/games/${gameId}`, type: "layout" }) },
  );

export const saveThemeAction = async (bound: OnGame, prev: PortalFormState, form: FormData): Promise<PortalFormState> =>
  save(getTranslator(await getPortalLocale(), "portal-catalogue"))(bound, prev, form);
