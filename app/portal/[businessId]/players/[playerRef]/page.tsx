// /portal/{businessId}/players/{userRef}: one player of the business: their email, every link they have in
// the business (games, campaigns, the business), and per active game link their balances, purchases and
// subscriptions. The page shows the link's own environment; another business's player is a 404.
import type { Metadata } from "next";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { PlayerLinkCard } from "@/components/portal/player-link-card";
import { PortalFrame } from "@/components/portal/portal-frame";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { loadPortalPlayer } from "@/lib/portal/load-portal-player";
import { can } from "@/lib/portal/permissions";
import { loadPortalPage, RefusedPage, SignInCard } from "../../../_lib/page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Player · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string; playerRef: string }>; searchParams: Promise<{ env?: string | string[] }> };

/** The path segment as text (Next.js may hand it over still percent-encoded). */
const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const PlayerPage = async ({ params, searchParams }: Props) => {
  const { businessId, playerRef } = await params;
  const asked = environmentOf((await searchParams).env);
  const page = await loadPortalPage(businessId, (ctx) => loadPortalPlayer(ctx, { businessId, userRef: safeDecode(playerRef) }));
  if (page.kind === "signed-out") return <SignInCard environment={asked} />;
  if (page.kind === "refused") return <RefusedPage page={page} environment={asked} current="players" />;
  const { member, player, links } = page.value;
  const environment = player.environment;
  return (
    <PortalFrame
      email={page.email}
      business={member.business}
      roles={member.roles}
      permissions={member.permissions}
      environment={environment}
      current="players"
    >
      <Card labelledBy="title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="title" className="min-w-0 text-2xl font-semibold tracking-tight [overflow-wrap:anywhere] text-slate-900">
            {player.email}
          </h1>
          {environment === "test" ? <TestModeBadge /> : <Badge tone="success">Live</Badge>}
        </div>
        <p className="mt-2 text-sm text-slate-700">
          {player.name ? `${player.name} · ` : ""}
          {links.length} {links.length === 1 ? "link" : "links"} with your business.{" "}
          <a className={textLinkClass} href={envHref(`/portal/${encodeURIComponent(businessId)}/players`, environment)}>
            Search players
          </a>
        </p>
      </Card>
      {links.map((l) => (
        <PlayerLinkCard key={l.userRef} link={l} businessId={businessId} environment={environment} ledger={can(member.permissions, "ledger:read")} />
      ))}
    </PortalFrame>
  );
};

export default PlayerPage;
