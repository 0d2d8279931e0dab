// /portal/{businessId}/disputes: the open Stripe disputes (chargebacks) of the business's live card payments, the
// soonest evidence due date first, each with a link to Stripe's own dispute page where the evidence is sent.
import type { Metadata } from "next";
import { environmentOf } from "@/components/portal/env-href";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Table, Td, Th } from "@/components/ui/table";
import { formatMoney } from "@/lib/i18n/format";
import { getTranslator } from "@/lib/i18n/translator";
import { whenIn } from "@/lib/portal/money-locale-format";
import { listPortalDisputes } from "@/lib/portal/list-portal-disputes";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-money")("disputes.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const DisputesPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "disputes", load: (ctx) => listPortalDisputes(ctx, { businessId, environment }) },
    ({ items }, frame) => {
      const t = getTranslator(frame.locale, "portal-money");
      return (
        <PortalPageShell {...frame} title={t("disputes.title")} translated intro={<p className="mt-2 text-sm text-slate-700">{t("disputes.intro")}</p>}>
          <Card labelledBy="open-disputes">
            <h2 id="open-disputes" className="text-lg font-semibold text-slate-900">
              {t("disputes.open")} <span className="font-normal text-slate-600">({items.length})</span>
            </h2>
            {items.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">{t("disputes.none")}</p>
            ) : (
              <Table caption={t("disputes.open")} className="mt-3">
                <thead>
                  <tr>
                    <Th>{t("disputes.evidenceDue")}</Th>
                    <Th>{t("disputes.amount")}</Th>
                    <Th>{t("disputes.reason")}</Th>
                    <Th>{t("disputes.status")}</Th>
                    <Th>{t("disputes.payment")}</Th>
                    <Th>{t("disputes.atStripe")}</Th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((d) => (
                    <tr key={d.id} data-testid={`dispute-${d.id}`}>
                      <Td className="whitespace-nowrap">{whenIn(frame.locale, d.evidenceDueBy)}</Td>
                      <Td className="whitespace-nowrap">
                        {frame.locale === "en"
                          ? `${(Number(d.amountCents) / 100).toFixed(2)} ${d.currency}`
                          : formatMoney(frame.locale, Number(d.amountCents), d.currency)}
                      </Td>
                      <Td>{d.reason.replaceAll("_", " ")}</Td>
                      <Td>{d.status.replaceAll("_", " ")}</Td>
                      <Td className="font-mono text-xs [overflow-wrap:anywhere]">
                        {d.objectType} {d.objectId}
                      </Td>
                      <Td>
                        <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={d.stripeUrl} target="_blank" rel="noopener noreferrer">
                          {t("disputes.openAtStripe", { id: d.id })}
                        </a>
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default DisputesPage;
