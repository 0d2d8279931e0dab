// /portal/{businessId}/games/{gameId}: one game, its checkout settings (the fields of PATCH /v1/game,
// through the same service and validation) and its store profile (the Game fields no /v1 route writes:
// profile-actions.ts). Roles that may not change games see them read-only.
import type { Metadata } from "next";
import { Checkbox, TextareaField, TextField } from "@/components/portal/catalogue-fields";
import { environmentOf, envHref } from "@/components/portal/env-href";
import { PortalForm } from "@/components/portal/portal-form";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { MAX_MOVIES, MAX_SCREENSHOTS } from "@/lib/games/update-game-profile";
import { getTranslator } from "@/lib/i18n/translator";
import { loadPortalGame } from "@/lib/portal/load-portal-game";
import { can } from "@/lib/portal/permissions";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../../_lib/page";
import { getPortalLocale } from "../../../_lib/portal-locale";
import { updateGameAction } from "../../actions";
import { updateGameProfileAction } from "./profile-actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-catalogue")("game.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string; gameId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const FIELDS = ["storeUrl", "termsUrl", "supportUrl", "taxLabel", "taxRatePercent"] as const;

const PROFILE_URLS = [
  { name: "imageUrl", image: true },
  { name: "smallImageUrl", image: true },
  { name: "storeImageUrl", image: true },
  { name: "demoUrl", image: false },
  { name: "demoImageUrl", image: true },
  { name: "discordUrl", image: false },
] as const;

/** A small preview of a saved image URL (a plain img: the URL may be any https host the developer names). */
const ImagePreview = ({ url, alt }: { url: string; alt: string }) =>
  url.startsWith("https://") ? (
    <img src={url} alt={alt} className="mt-2 size-16 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200" loading="lazy" />
  ) : null;

const GamePage = async ({ params, searchParams }: Props) => {
  const { businessId, gameId } = await params;
  const asked = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment: asked, current: "games", load: (ctx) => loadPortalGame(ctx, { businessId, gameId }) },
    ({ member, game }, frame) => {
      // a game lives in one environment: its page is in that environment, whatever the URL asked
      const environment = game.environment;
      const t = getTranslator(frame.locale, "portal-catalogue");
      const values: Record<(typeof FIELDS)[number], string> = {
        storeUrl: game.storeUrl ?? "",
        termsUrl: game.termsUrl ?? "",
        supportUrl: game.supportUrl ?? "",
        taxLabel: game.taxLabel ?? "",
        taxRatePercent: game.taxRatePercent === null ? "" : String(game.taxRatePercent),
      };
      const base = `/portal/${encodeURIComponent(businessId)}`;
      const canWrite = can(member.permissions, "games:write");
      const affiliatePercent = String(Math.round(game.affiliateRate * 1_000_000) / 10_000);
      return (
        <PortalPageShell
          {...frame}
          environment={environment}
          title={game.name}
          translated
          intro={
            <>
              <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-slate-600">{t("game.gameId")}</dt>
                  <dd className="font-mono text-xs break-all text-slate-900" data-testid="game-id">
                    {game.gameId}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t("game.created")}</dt>
                  <dd className="text-slate-900">{game.createdAt.slice(0, 16).replace("T", " ")} UTC</dd>
                </div>
              </dl>
              {can(member.permissions, "keys:read") ? (
                <p className="mt-4 text-sm">
                  <a className={textLinkClass} href={envHref(`${base}/keys`, environment)}>
                    {t("game.apiKeys")}
                  </a>
                </p>
              ) : null}
              <p className="mt-2 text-sm">
                <a className={textLinkClass} href={envHref(`${base}/games/${encodeURIComponent(game.gameId)}/theme`, environment)}>
                  {t("game.theme")}
                </a>
              </p>
            </>
          }
        >
          <Card labelledBy="settings-title">
            <h2 id="settings-title" className="text-lg font-semibold text-slate-900">
              {t("game.settings")}
            </h2>
            {canWrite ? (
              <div className="mt-4">
                <PortalForm
                  action={updateGameAction.bind(null, { businessId, gameId: game.gameId })}
                  label={t("game.settings")}
                  submit={t("game.saveSettings")}
                  pendingLabel={t("game.saving")}
                >
                  {FIELDS.map((f) => (
                    <Field key={f} id={`game-${f}`} label={t(`game.fields.${f}.label`)} hint={t(`game.fields.${f}.hint`)}>
                      {(c) => <Input {...c} name={f} defaultValue={values[f]} autoComplete="off" />}
                    </Field>
                  ))}
                </PortalForm>
              </div>
            ) : (
              <dl className="mt-4 space-y-2 text-sm">
                {FIELDS.map((f) => (
                  <div key={f}>
                    <dt className="text-slate-600">{t(`game.fields.${f}.label`)}</dt>
                    <dd className="break-all text-slate-900">{values[f] || "—"}</dd>
                  </div>
                ))}
              </dl>
            )}
          </Card>
          <Card labelledBy="profile-title">
            <h2 id="profile-title" className="text-lg font-semibold text-slate-900">
              {t("game.profile")}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t("game.profileExplain")}</p>
            {canWrite ? (
              <div className="mt-4">
                <PortalForm
                  action={updateGameProfileAction.bind(null, { businessId, gameId: game.gameId })}
                  label={t("game.profile")}
                  submit={t("game.saveProfile")}
                  pendingLabel={t("game.saving")}
                  keepValuesOnError
                >
                  <TextField id="profile-name" label={t("game.name")} name="name" defaultValue={game.name} required maxLength={200} />
                  <TextareaField
                    id="profile-description"
                    label={t("game.description")}
                    name="description"
                    defaultValue={game.description}
                    rows={4}
                    maxLength={2000}
                    hint={t("game.descriptionHint")}
                  />
                  {PROFILE_URLS.map((f) => (
                    <div key={f.name}>
                      <TextField
                        id={`profile-${f.name}`}
                        label={t(`game.urls.${f.name}.label`)}
                        hint={t(`game.urls.${f.name}.hint`)}
                        name={f.name}
                        type="url"
                        inputMode="url"
                        defaultValue={game[f.name]}
                        placeholder="https://…"
                      />
                      {f.image ? <ImagePreview url={game[f.name]} alt={t(`game.urls.${f.name}.alt`)} /> : null}
                    </div>
                  ))}
                  <TextField
                    id="profile-steamAppId"
                    label={t("game.steamAppId")}
                    hint={t("game.steamAppIdHint")}
                    name="steamAppId"
                    inputMode="numeric"
                    defaultValue={game.steamAppId}
                  />
                  <TextareaField
                    id="profile-screenshots"
                    label={t("game.screenshots")}
                    hint={t("game.screenshotsHint", { max: MAX_SCREENSHOTS })}
                    name="screenshots"
                    rows={4}
                    defaultValue={game.screenshots.join("\n")}
                  />
                  {game.screenshots.length ? (
                    <ul className="flex flex-wrap gap-2" aria-label={t("game.savedScreenshots")}>
                      {game.screenshots.map((u, i) => (
                        <li key={`${i}-${u}`}>
                          <ImagePreview url={u} alt={t("game.screenshotAlt", { n: i + 1 })} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <TextareaField
                    id="profile-movies"
                    label={t("game.movies")}
                    hint={t("game.moviesHint", { max: MAX_MOVIES })}
                    name="movies"
                    rows={3}
                    defaultValue={game.movies.join("\n")}
                  />
                  <TextField
                    id="profile-affiliateRatePercent"
                    label={t("game.affiliate")}
                    hint={t("game.affiliateHint")}
                    name="affiliateRatePercent"
                    inputMode="decimal"
                    defaultValue={affiliatePercent}
                  />
                  <Checkbox
                    id="profile-hideSuccessPageShareButtons"
                    name="hideSuccessPageShareButtons"
                    label={t("game.hideShare")}
                    defaultChecked={game.hideSuccessPageShareButtons}
                  />
                  <Checkbox id="profile-isVisible" name="isVisible" label={t("game.visible")} defaultChecked={game.isVisible} />
                </PortalForm>
              </div>
            ) : (
              <dl className="mt-4 space-y-2 text-sm">
                {[
                  [t("game.name"), game.name],
                  [t("game.description"), game.description],
                  ...PROFILE_URLS.map((f) => [t(`game.urls.${f.name}.label`), game[f.name]]),
                  [t("game.steamAppId"), game.steamAppId],
                  [t("game.screenshots"), game.screenshots.join(" ")],
                  [t("game.movies"), game.movies.join(" ")],
                  [t("game.affiliateRead"), t("game.affiliateValue", { percent: affiliatePercent })],
                  [t("game.shareButtons"), t(game.hideSuccessPageShareButtons ? "game.hidden" : "game.shown")],
                  [t("game.visibleRead"), t(game.isVisible ? "game.yes" : "game.no")],
                ].map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="break-all text-slate-900">{value || "—"}</dd>
                  </div>
                ))}
              </dl>
            )}
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default GamePage;
