// /portal/{businessId}/games/{gameId}: one game and its checkout settings (the fields of PATCH /v1/game,
// through the same service and validation). Roles that may not change games see them read-only.
import type { Metadata } from "next";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { environmentOf, envHref } from "@/components/portal/env-href";
import { PortalForm } from "@/components/portal/portal-form";
import { PortalFrame } from "@/components/portal/portal-frame";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { loadPortalGame } from "@/lib/portal/load-portal-game";
import { can } from "@/lib/portal/permissions";
import { loadPortalPage, RefusedPage, SignInCard } from "../../../_lib/page";
import { updateGameAction } from "../../actions";

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

const GamePage = async ({ params, searchParams }: Props) => {
  const { businessId, gameId } = await params;
  const asked = environmentOf((await searchParams).env);
  const page = await loadPortalPage(businessId, (ctx) => loadPortalGame(ctx, { businessId, gameId }));
  if (page.kind === "signed-out") return <SignInCard environment={asked} />;
  if (page.kind === "refused") return <RefusedPage page={page} environment={asked} current="games" />;
  const { member, game } = page.value;
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
  return (
    <PortalFrame email={page.email} business={member.business} roles={member.roles} permissions={member.permissions} environment={environment} current="games">
      <Card labelledBy="title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="title" className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-900">
            {game.name}
          </h1>
          {environment === "test" ? <TestModeBadge /> : <Badge tone="success">Live</Badge>}
        </div>
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
      </Card>
      <Card labelledBy="settings-title">
        <h2 id="settings-title" className="text-lg font-semibold text-slate-900">
          Checkout settings
        </h2>
        {can(member.permissions, "games:write") ? (
          <div className="mt-4">
            <PortalForm action={updateGameAction.bind(null, businessId, game.gameId)} label="Checkout settings" submit="Save settings" pendingLabel="Saving…">
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
    </PortalFrame>
  );
};

export default GamePage;
