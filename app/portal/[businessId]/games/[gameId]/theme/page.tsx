// /portal/{businessId}/games/{gameId}/theme: the checkout theme editor. Every theme field with a colour
// picker, a live preview of the real hosted checkout beside the form (it follows the draft before anything
// is saved), and Save through the same service and contrast rule as PUT /v1/game/theme. games:read to see
// (and try colours), games:write to save.
import type { Metadata } from "next";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { envHref } from "@/components/portal/env-href";
import { PortalFrame } from "@/components/portal/portal-frame";
import { ThemeEditor } from "@/components/portal/theme-editor";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { loadPortalTheme } from "@/lib/portal/load-portal-theme";
import { can } from "@/lib/portal/permissions";
import { environmentOf } from "@/components/portal/env-href";
import { loadPortalPage, RefusedPage, SignInCard } from "../../../../_lib/page";
import { saveThemeAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Checkout theme · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string; gameId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const ThemePage = async ({ params, searchParams }: Props) => {
  const { businessId, gameId } = await params;
  const asked = environmentOf((await searchParams).env);
  const page = await loadPortalPage(businessId, (ctx) => loadPortalTheme(ctx, { businessId, gameId }));
  if (page.kind === "signed-out") return <SignInCard environment={asked} />;
  if (page.kind === "refused") return <RefusedPage page={page} environment={asked} current="games" />;
  const { member, game, saved, defaults } = page.value;
  const environment = game.environment;
  const base = `/portal/${encodeURIComponent(businessId)}/games/${encodeURIComponent(game.id)}`;
  const canSave = can(member.permissions, "games:write");
  return (
    <PortalFrame email={page.email} business={member.business} roles={member.roles} permissions={member.permissions} environment={environment} current="games">
      <Card labelledBy="title">
        <p className="text-sm">
          <a className={textLinkClass} href={envHref(base, environment)}>
            ← {game.name}
          </a>
        </p>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <h1 id="title" className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-900">
            Checkout theme
          </h1>
          {environment === "test" ? <TestModeBadge /> : <Badge tone="success">Live</Badge>}
        </div>
        <p className="mt-2 text-sm text-slate-700">
          The colours and logo of {game.name}&rsquo;s hosted checkout. The preview shows the real page with your changes as you make them; saving applies them
          to every checkout of the game, open ones included. A field left empty uses the store theme.
        </p>
        <div className="mt-6">
          <ThemeEditor
            action={canSave ? saveThemeAction.bind(null, businessId, game.id) : null}
            previewPath={`${base}/theme/preview`}
            saved={saved}
            defaults={defaults}
            canSave={canSave}
          />
        </div>
      </Card>
    </PortalFrame>
  );
};

export default ThemePage;
