// /portal/{businessId}/games/{gameId}/theme: the checkout theme editor. Every theme field with a colour
// picker, a live preview of the real hosted checkout beside the form (it follows the draft before anything
// is saved), and Save through the same service and contrast rule as PUT /v1/game/theme. games:read to see
// (and try colours), games:write to save.
import type { Metadata } from "next";
import { envHref } from "@/components/portal/env-href";
import { ThemeEditor, type ThemeEditorWords } from "@/components/portal/theme-editor";
import { THEME_GROUPS } from "@/components/portal/theme-groups";
import { MIN_CONTRAST } from "@/lib/checkout/theme-contrast";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { loadPortalTheme } from "@/lib/portal/load-portal-theme";
import { can } from "@/lib/portal/permissions";
import { environmentOf } from "@/components/portal/env-href";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../../../_lib/page";
import { getPortalLocale } from "../../../../_lib/portal-locale";
import { saveThemeAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-catalogue")("theme.metaTitle") },
  robots: { index: false },
});

/** The editor's words (a client component) in the member's language; templates keep their placeholders. */
const editorWords = (t: Translator): ThemeEditorWords => {
  const keep = (...names: string[]) => Object.fromEntries(names.map((n) => [n, `{${n}}`]));
  return {
    groups: Object.fromEntries(THEME_GROUPS.map((g) => [g.key, t(`theme.groups.${g.key}`)])) as ThemeEditorWords["groups"],
    fields: Object.fromEntries(
      THEME_GROUPS.flatMap((g) => g.fields).map((f) => [f, { label: t(`theme.fields.${f}.label`), hint: t(`theme.fields.${f}.hint`) }]),
    ) as ThemeEditorWords["fields"],
    emptyHint: t("theme.emptyHint", keep("hint", "fallback")),
    hexError: t("theme.hexError"),
    picker: t("theme.picker", keep("label")),
    logo: t("theme.logo"),
    logoUrl: t("theme.logoUrl"),
    logoHint: t("theme.logoHint"),
    contrastOne: t("theme.contrastOne", { min: MIN_CONTRAST }),
    contrastMany: t("theme.contrastMany", { ...keep("count"), min: MIN_CONTRAST }),
    failure: t("theme.failure", keep("foreground", "foregroundColor", "background", "backgroundColor", "ratio")),
    contrastOk: t("theme.contrastOk", { min: MIN_CONTRAST }),
    clearAll: t("theme.clearAll"),
    readOnly: t("theme.readOnly"),
    formLabel: t("theme.title"),
    save: t("theme.save"),
    saving: t("theme.saving"),
    preview: t("theme.preview"),
    openPreview: t("theme.openPreview"),
    previewExplain: t("theme.previewExplain"),
    frameTitle: t("theme.frameTitle"),
  };
};

type Props = { params: Promise<{ businessId: string; gameId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const ThemePage = async ({ params, searchParams }: Props) => {
  const { businessId, gameId } = await params;
  const asked = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment: asked, current: "games", load: (ctx) => loadPortalTheme(ctx, { businessId, gameId }) },
    ({ member, game, saved, defaults }, frame) => {
      const environment = game.environment;
      const base = `/portal/${encodeURIComponent(businessId)}/games/${encodeURIComponent(game.id)}`;
      const canSave = can(member.permissions, "games:write");
      const t = getTranslator(frame.locale, "portal-catalogue");
      return (
        <PortalPageShell
          {...frame}
          environment={environment}
          back={{ href: envHref(base, environment), label: game.name }}
          title={t("theme.title")}
          translated
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">{t("theme.intro", { game: game.name })}</p>
              <div className="mt-6">
                <ThemeEditor
                  action={canSave ? saveThemeAction.bind(null, { businessId, gameId: game.id }) : null}
                  previewPath={`${base}/theme/preview`}
                  saved={saved}
                  defaults={defaults}
                  canSave={canSave}
                  words={editorWords(t)}
                />
              </div>
            </>
          }
        />
      );
    },
  );
};

export default ThemePage;
