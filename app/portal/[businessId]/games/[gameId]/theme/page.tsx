// /portal/{businessId}/games/{gameId}/theme: the checkout theme editor. Every theme field with a colour
// picker, a live preview of the real hosted checkout beside the form (it follows the draft before anything
// is saved), and Save through the same service and contrast rule as PUT /v1/game/theme. games:read to see
// (and try colours), games:write to save.
import type { Metadata } from "next";
import { envHref } from "@/components/portal/env-href";
import { ThemeEditor } from "@/components/portal/theme-editor";
import { loadPortalTheme } from "@/lib/portal/load-portal-theme";
import { can } from "@/lib/portal/permissions";
import { environmentOf } from "@/components/portal/env-href";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../../../_lib/page";
import { saveThemeAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Checkout theme · Developer portal" }, robots: { index: false } };

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
      return (
        <PortalPageShell
          {...frame}
          environment={environment}
          back={{ href: envHref(base, environment), label: game.name }}
          title="Checkout theme"
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">
                The colours and logo of {game.name}&rsquo;s hosted checkout. The preview shows the real page with your changes as you make them; saving applies
                them to every checkout of the game, open ones included. A field left empty uses the store theme.
              </p>
              <div className="mt-6">
                <ThemeEditor
                  action={canSave ? saveThemeAction.bind(null, { businessId, gameId: game.id }) : null}
                  previewPath={`${base}/theme/preview`}
                  saved={saved}
                  defaults={defaults}
                  canSave={canSave}
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
