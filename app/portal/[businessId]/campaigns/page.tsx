// /portal/{businessId}/campaigns: the business's campaigns of the selected environment: status, funding
// (funded total, paid out, balance: the ledger totals GET /v1/campaign/{id} answers), payouts and linked
// players, and an operation still running. Each opens its own page to start, stop and withdraw.
import type { Metadata } from "next";
import { CampaignStatusBadge, usdc } from "@/components/portal/campaign-status";
import { environmentOf, envHref } from "@/components/portal/env-href";
import { textLinkClass } from "@/components/ui/classes";
import { Table, Td, Th } from "@/components/ui/table";
import { loadPortalCampaigns } from "@/lib/portal/load-portal-campaigns";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Campaigns · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const CampaignsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  const base = `/portal/${encodeURIComponent(businessId)}/campaigns`;
  return portalPage(
    { businessId, environment, current: "campaigns", load: (ctx) => loadPortalCampaigns(ctx, { businessId, environment }) },
    ({ campaigns }, frame) => (
      <PortalPageShell
        {...frame}
        title="Campaigns"
        intro={
          <>
            <p className="mt-2 text-sm text-slate-700">
              Your {environment} campaigns: their USDC funding and payouts, read from the ledger. Open one to start, stop or withdraw it, or to invite players.
            </p>
            {campaigns.length === 0 ? (
              <p className="mt-4 text-sm text-slate-700">No {environment} campaigns yet. Campaigns are created through the platform API.</p>
            ) : (
              <Table caption={`Your ${environment} campaigns`} className="mt-4">
                <thead>
                  <tr>
                    <Th>Campaign</Th>
                    <Th>Status</Th>
                    <Th className="text-right">Funded</Th>
                    <Th className="text-right">Paid out</Th>
                    <Th className="text-right">Balance</Th>
                    <Th className="text-right">Payouts</Th>
                    <Th className="text-right">Players</Th>
                  </tr>
                </thead>
                <tbody>
                  {campaigns.map((c) => (
                    <tr key={c.id} data-testid={`campaign-${c.id}`}>
                      <Td className="min-w-40">
                        <a className={textLinkClass} href={envHref(`${base}/${encodeURIComponent(c.id)}`, environment)}>
                          {c.name}
                        </a>
                        <span className="block font-mono text-xs break-all text-slate-600">{c.id}</span>
                      </Td>
                      <Td>
                        <CampaignStatusBadge status={c.status} pending={c.pendingOperation} />
                      </Td>
                      <Td className="text-right whitespace-nowrap tabular-nums">{usdc(c.totalAmountFunded)}</Td>
                      <Td className="text-right whitespace-nowrap tabular-nums">{usdc(c.totalAmountPaidOut)}</Td>
                      <Td className="text-right whitespace-nowrap tabular-nums">{usdc(c.availableToWithdraw)}</Td>
                      <Td className="text-right tabular-nums">{c.payouts}</Td>
                      <Td className="text-right tabular-nums">{c.linkedPlayers}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </>
        }
      />
    ),
  );
};

export default CampaignsPage;
