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
import { loadPortalGame } from "@/lib/portal/load-portal-game";
import { can } from "@/lib/portal/permissions";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../../_lib/page";
import { updateGameAction } from "../../actions";
import { updateGameProfileAction } from "./profile-actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Game settings · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string; gameId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const FIELDS = [
  { name: "storeUrl", label: "Store URL", hint: "Where the checkout's “Back to the store” and “Return to game” lead. Empty removes it." },
  { name: "termsUrl", label: "Terms of sale URL", hint: "Linked at the foot of the checkout." },
  { name: "supportUrl", label: "Support URL", hint: "https, or a mailto: address." },
  { name: "taxLabel", label: "Tax label", hint: "A sales tax included in your USD prices, e.g. VAT." },
  { name: "taxRatePercent", label: "Tax rate (%)", hint: "e.g. 20." },
] as const;

const PROFILE_URLS = [
  { name: "imageUrl", label: "Image URL", hint: "The game's main image, shown on the checkout.", image: true },
  { name: "smallImageUrl", label: "Small image URL", hint: "A square icon.", image: true },
  { name: "storeImageUrl", label: "Store image URL", hint: "The image stores and listings show.", image: true },
  { name: "demoUrl", label: "Demo URL", hint: "Where players try a demo.", image: false },
  { name: "demoImageUrl", label: "Demo image URL", hint: "The demo's picture.", image: true },
  { name: "discordUrl", label: "Discord URL", hint: "An invite to the game's Discord server.", image: false },
] as const;

/** A small preview of a saved image URL (a plain img: the URL may be any https host the developer names). */
const ImagePreview = ({ url, label }: { url: string; label: string }) =>
  url.startsWith("https://") ? (
    <img
      src={url}
      alt={`${label.replace(/ URL$/, "")} preview`}
      className="mt-2 size-16 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
      loading="lazy"
    />
  ) : null;

const GamePage = async ({ params, searchParams }: Props) => {
  const { businessId, gameId } = await params;
  const asked = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment: asked, current: "games", load: (ctx) => loadPortalGame(ctx, { businessId, gameId }) },
    ({ member, game }, frame) => {
      // a game lives in one environment: its page is in that environment, whatever the URL asked
      const environment = game.environment;
      const values: Record<(typeof FIELDS)[number]["name"], string> = {
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
          intro={
            <>
              <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-slate-600">Game id</dt>
                  <dd className="font-mono text-xs break-all text-slate-900" data-testid="game-id">
                    {game.gameId}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Created</dt>
                  <dd className="text-slate-900">{game.createdAt.slice(0, 16).replace("T", " ")} UTC</dd>
                </div>
              </dl>
              {can(member.permissions, "keys:read") ? (
                <p className="mt-4 text-sm">
                  <a className={textLinkClass} href={envHref(`${base}/keys`, environment)}>
                    API keys of this game
                  </a>
                </p>
              ) : null}
              <p className="mt-2 text-sm">
                <a className={textLinkClass} href={envHref(`${base}/games/${encodeURIComponent(game.gameId)}/theme`, environment)}>
                  Checkout theme (colours, logo, live preview)
                </a>
              </p>
            </>
          }
        >
          <Card labelledBy="settings-title">
            <h2 id="settings-title" className="text-lg font-semibold text-slate-900">
              Checkout settings
            </h2>
            {canWrite ? (
              <div className="mt-4">
                <PortalForm
                  action={updateGameAction.bind(null, { businessId, gameId: game.gameId })}
                  label="Checkout settings"
                  submit="Save settings"
                  pendingLabel="Saving…"
                >
                  {FIELDS.map((f) => (
                    <Field key={f.name} id={`game-${f.name}`} label={f.label} hint={f.hint}>
                      {(c) => <Input {...c} name={f.name} defaultValue={values[f.name]} autoComplete="off" />}
                    </Field>
                  ))}
                </PortalForm>
              </div>
            ) : (
              <dl className="mt-4 space-y-2 text-sm">
                {FIELDS.map((f) => (
                  <div key={f.name}>
                    <dt className="text-slate-600">{f.label}</dt>
                    <dd className="break-all text-slate-900">{values[f.name] || "—"}</dd>
                  </div>
                ))}
              </dl>
            )}
          </Card>
          <Card labelledBy="profile-title">
            <h2 id="profile-title" className="text-lg font-semibold text-slate-900">
              Store profile
            </h2>
            <p className="mt-1 text-sm text-slate-600">What GET /v1/game answers about this game. Links are https only; an empty field clears it.</p>
            {canWrite ? (
              <div className="mt-4">
                <PortalForm
                  action={updateGameProfileAction.bind(null, { businessId, gameId: game.gameId })}
                  label="Store profile"
                  submit="Save profile"
                  pendingLabel="Saving…"
                  keepValuesOnError
                >
                  <TextField id="profile-name" label="Name" name="name" defaultValue={game.name} required maxLength={200} />
                  <TextareaField
                    id="profile-description"
                    label="Description"
                    name="description"
                    defaultValue={game.description}
                    rows={4}
                    maxLength={2000}
                    hint="At most 2000 characters."
                  />
                  {PROFILE_URLS.map((f) => (
                    <div key={f.name}>
                      <TextField
                        id={`profile-${f.name}`}
                        label={f.label}
                        hint={f.hint}
                        name={f.name}
                        type="url"
                        inputMode="url"
                        defaultValue={game[f.name]}
                        placeholder="https://…"
                      />
                      {f.image ? <ImagePreview url={game[f.name]} label={f.label} /> : null}
                    </div>
                  ))}
                  <TextField
                    id="profile-steamAppId"
                    label="Steam app id"
                    hint="Digits only, e.g. 730."
                    name="steamAppId"
                    inputMode="numeric"
                    defaultValue={game.steamAppId}
                  />
                  <TextareaField
                    id="profile-screenshots"
                    label="Screenshots"
                    hint={`One https URL a line, at most ${MAX_SCREENSHOTS}.`}
                    name="screenshots"
                    rows={4}
                    defaultValue={game.screenshots.join("\n")}
                  />
                  {game.screenshots.length ? (
                    <ul className="flex flex-wrap gap-2" aria-label="Saved screenshots">
                      {game.screenshots.map((u, i) => (
                        <li key={`${i}-${u}`}>
                          <ImagePreview url={u} label={`Screenshot ${i + 1}`} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <TextareaField
                    id="profile-movies"
                    label="Movies"
                    hint={`One https URL a line, at most ${MAX_MOVIES}.`}
                    name="movies"
                    rows={3}
                    defaultValue={game.movies.join("\n")}
                  />
                  <TextField
                    id="profile-affiliateRatePercent"
                    label="Affiliate share (%)"
                    hint="Paid to a referring player (a purchase's affiliateCode) from a wallet payment, after the platform fee: 0 to 100, at most 2 decimals. 0 pays none."
                    name="affiliateRatePercent"
                    inputMode="decimal"
                    defaultValue={affiliatePercent}
                  />
                  <Checkbox
                    id="profile-hideSuccessPageShareButtons"
                    name="hideSuccessPageShareButtons"
                    label="Hide the share buttons on the checkout's success page"
                    defaultChecked={game.hideSuccessPageShareButtons}
                  />
                  <Checkbox id="profile-isVisible" name="isVisible" label="Visible (listed)" defaultChecked={game.isVisible} />
                </PortalForm>
              </div>
            ) : (
              <dl className="mt-4 space-y-2 text-sm">
                {[
                  ["Name", game.name],
                  ["Description", game.description],
                  ...PROFILE_URLS.map((f) => [f.label, game[f.name]]),
                  ["Steam app id", game.steamAppId],
                  ["Screenshots", game.screenshots.join(" ")],
                  ["Movies", game.movies.join(" ")],
                  ["Affiliate share", `${affiliatePercent} %`],
                  ["Success page share buttons", game.hideSuccessPageShareButtons ? "Hidden" : "Shown"],
                  ["Visible", game.isVisible ? "Yes" : "No"],
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
