// /portal/{businessId}/games: the games of the selected environment and, for roles that may change games,
// the "Create game" form (test or live; the server checks the role again).
import type { Metadata } from "next";
import { environmentOf } from "@/components/portal/env-href";
import { GamesList } from "@/components/portal/games-list";
import { PortalForm } from "@/components/portal/portal-form";
import { Card } from "@/components/ui/card";
import { labelClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { getTranslator } from "@/lib/i18n/translator";
import { can } from "@/lib/portal/permissions";
import { loadPortalGames } from "@/lib/portal/load-portal-games";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";
import { createGameAction } from "../actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-catalogue")("games.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const GamesPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "games", load: (ctx) => loadPortalGames(ctx, { businessId, environment }) },
    ({ member, games }, frame) => {
      const t = getTranslator(frame.locale, "portal-catalogue");
      return (
        <PortalPageShell
          {...frame}
          title={t(environment === "test" ? "games.titleTest" : "games.titleLive")}
          translated
          badge={null}
          intro={<GamesList businessId={businessId} environment={environment} games={games} locale={frame.locale} />}
        >
          {can(member.permissions, "games:write") ? (
            <Card labelledBy="create-title">
              <h2 id="create-title" className="text-lg font-semibold text-slate-900">
                {t("games.create")}
              </h2>
              <div className="mt-4">
                <PortalForm
                  action={createGameAction.bind(null, { businessId })}
                  label={t("games.create")}
                  submit={t("games.createSubmit")}
                  pendingLabel={t("games.creating")}
                >
                  <Field id="game-name" label={t("games.name")}>
                    {(c) => <Input {...c} name="name" required maxLength={100} autoComplete="off" />}
                  </Field>
                  <Field id="game-description" label={t("games.description")} hint={t("games.optional")}>
                    {(c) => <Input {...c} name="description" maxLength={1000} autoComplete="off" />}
                  </Field>
                  <fieldset>
                    <legend className={labelClass}>{t("games.environment")}</legend>
                    <div className="mt-1.5 flex flex-wrap gap-3">
                      {(["test", "live"] as const).map((env) => (
                        <label
                          key={env}
                          className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-slate-900 ring-1 ring-slate-200 ring-inset"
                        >
                          <input type="radio" name="environment" value={env} defaultChecked={env === environment} className="size-4 accent-slate-900" />
                          {t(env === "test" ? "games.test" : "games.live")}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                </PortalForm>
              </div>
            </Card>
          ) : null}
        </PortalPageShell>
      );
    },
  );
};

export default GamesPage;
