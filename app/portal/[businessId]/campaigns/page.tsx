// /portal/{businessId}/campaigns: the business's campaigns of the selected environment: status, funding
// (funded total, paid out, balance: the ledger totals GET /v1/campaign/{id} answers), payouts and linked
// players, and an operation still running. Each opens its own page to start, stop and withdraw.
import type { Metadata } from "next";
import { CampaignStatusBadge, usdc } from "@/components/portal/campaign-status";
import { environmentOf, envHref } from "@/components/portal/env-href";
import { textLinkClass } from "@/components/ui/classes";
import { formatNumber } from "@/lib/i18n/format";
import { getTranslator } from "@/lib/i18n/translator";
import { Table, Td, Th } from "@/components/ui/table";
import { loadPortalCampaigns } from "@/lib/portal/load-portal-campaigns";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-more")("campaigns.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<{ env?: string | string[] }> };

const CampaignsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  const base = `/portal/${encodeURIComponent(businessId)}/campaigns`;
  return portalPage(
    { businessId, environment, current: "campaigns", load: (ctx) => loadPortalCampaigns(ctx, { businessId, environment }) },
    ({ campaigns }, frame) => {
      const { locale } = frame;
      const t = getTranslator(locale, "portal-more");
      return (
        <PortalPageShell
          {...frame}
          title={t("campaigns.title")}
          translated
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">{t("campaigns.intro", { environment })}</p>
              {campaigns.length === 0 ? (
                <p className="mt-4 text-sm text-slate-700">{t("campaigns.empty", { environment })}</p>
              ) : (
                <Table caption={t("campaigns.caption", { environment })} className="mt-4">
                  <thead>
                    <tr>
                      <Th>{t("campaigns.campaign")}</Th>
                      <Th>{t("campaigns.status")}</Th>
                      <Th className="text-right">{t("campaigns.funded")}</Th>
                      <Th className="text-right">{t("campaigns.paidOut")}</Th>
                      <Th className="text-right">{t("campaigns.balance")}</Th>
                      <Th className="text-right">{t("campaigns.payouts")}</Th>
                      <Th className="text-right">{t("campaigns.players")}</Th>
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
                          <CampaignStatusBadge status={c.status} pending={c.pendingOperation} locale={locale} />
                        </Td>
                        <Td className="text-right whitespace-nowrap tabular-nums">{usdc(c.totalAmountFunded, locale)}</Td>
                        <Td className="text-right whitespace-nowrap tabular-nums">{usdc(c.totalAmountPaidOut, locale)}</Td>
                        <Td className="text-right whitespace-nowrap tabular-nums">{usdc(c.availableToWithdraw, locale)}</Td>
                        <Td className="text-right tabular-nums">{formatNumber(locale, c.payouts)}</Td>
                        <Td className="text-right tabular-nums">{formatNumber(locale, c.linkedPlayers)}</Td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </>
          }
        />
      );
    },
  );
};

export default CampaignsPage;
