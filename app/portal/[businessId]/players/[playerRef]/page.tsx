// /portal/{businessId}/players/{userRef}: one player of the business: their email, every link they have in
// the business (games, campaigns, the business), and per active game link their balances, purchases and
// subscriptions. The page shows the link's own environment; another business's player is a 404.
import type { Metadata } from "next";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { PlayerLinkCard } from "@/components/portal/player-link-card";
import { textLinkClass } from "@/components/ui/classes";
import { getTranslator } from "@/lib/i18n/translator";
import { loadPortalPlayer } from "@/lib/portal/load-portal-player";
import { can } from "@/lib/portal/permissions";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage, segmentText } from "../../../_lib/page";
import { getPortalLocale } from "../../../_lib/portal-locale";
import { refundPurchaseAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-money")("player.title") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string; playerRef: string }>; searchParams: Promise<{ env?: string | string[] }> };

const PlayerPage = async ({ params, searchParams }: Props) => {
  const { businessId, playerRef } = await params;
  const asked = environmentOf((await searchParams).env);
  return portalPage(
    {
      businessId,
      environment: asked,
      current: "players",
      reads: "replica",
      load: (ctx) => loadPortalPlayer(ctx, { businessId, userRef: segmentText(playerRef) }),
    },
    ({ member, player, links }, frame) => {
      const environment = player.environment;
      const t = getTranslator(frame.locale, "portal-money");
      return (
        <PortalPageShell
          {...frame}
          environment={environment}
          title={player.email}
          translated
          intro={
            <p className="mt-2 text-sm text-slate-700">
              {player.name ? `${player.name} · ` : ""}
              {t("player.links", { count: links.length })}{" "}
              <a className={textLinkClass} href={envHref(`/portal/${encodeURIComponent(businessId)}/players`, environment)}>
                {t("player.search")}
              </a>
            </p>
          }
        >
          {links.map((l) => (
            <PlayerLinkCard
              key={l.userRef}
              link={l}
              businessId={businessId}
              environment={environment}
              t={t}
              locale={frame.locale}
              ledger={can(member.permissions, "ledger:read")}
              refund={can(member.permissions, "refunds:write") ? (purchaseId) => refundPurchaseAction.bind(null, { businessId, purchaseId }) : null}
            />
          ))}
        </PortalPageShell>
      );
    },
  );
};

export default PlayerPage;
