// /portal/{businessId}/invoices: the business's invoices in the chosen environment (?env=live), newest first, 25 a
// page (?page=2), each with its receiver, dates, total, state (the refund states included) and what refunds gave
// back; the number opens the invoice's own page (its refunds, and the Refund form for finance, admin and owner).
import type { Metadata } from "next";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { day, dollars, InvoiceStatusBadge } from "@/components/portal/invoice-parts";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Table, Td, Th } from "@/components/ui/table";
import { getTranslator } from "@/lib/i18n/translator";
import { listPortalInvoices, pageOf, PORTAL_INVOICES_PER_PAGE } from "@/lib/portal/list-portal-invoices";
import { can } from "@/lib/portal/permissions";
import { portalPage } from "../../_lib/page";
import { getPortalLocale } from "../../_lib/portal-locale";

export const dynamic = "force-dynamic";
export const generateMetadata = async (): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-money")("invoices.metaTitle") },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The list's URL at `page` in `environment` (page 1 has no parameter). */
const pageHref = (businessId: string, environment: "test" | "live", page: number) => {
  const base = envHref(`/portal/${encodeURIComponent(businessId)}/invoices`, environment);
  return page === 1 ? base : `${base}${base.includes("?") ? "&" : "?"}page=${page}`;
};

const InvoicesPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const query = await searchParams;
  const environment = environmentOf(query.env);
  const page = pageOf(query.page);
  return portalPage(
    { businessId, environment, current: "invoices", load: (ctx) => listPortalInvoices(ctx, { businessId, environment, page }) },
    ({ member, items, totalCount, hasPrevPage, hasNextPage }, frame) => {
      const t = getTranslator(frame.locale, "portal-money");
      const { locale } = frame;
      const pages = Math.max(1, Math.ceil(totalCount / PORTAL_INVOICES_PER_PAGE));
      return (
        <PortalPageShell
          {...frame}
          title={t("invoices.title")}
          translated
          intro={
            <p className="mt-2 text-sm text-slate-700">
              {t("invoices.intro", { environment, refund: can(member.permissions, "refunds:write") ? "yes" : "no" })}
            </p>
          }
        >
          <Card labelledBy="invoice-list">
            <h2 id="invoice-list" className="text-lg font-semibold text-slate-900">
              {t("invoices.list")} <span className="font-normal text-slate-600">({totalCount})</span>
            </h2>
            {items.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700" data-testid="invoices-none">
                {t("invoices.none", { environment })}
              </p>
            ) : (
              <Table caption={t("invoices.list")} className="mt-3" stacked>
                <thead>
                  <tr>
                    <Th>{t("invoices.number")}</Th>
                    <Th>{t("invoices.status")}</Th>
                    <Th className="text-right">{t("invoices.total")}</Th>
                    <Th className="text-right">{t("invoices.refunded")}</Th>
                    <Th>{t("invoices.receiver")}</Th>
                    <Th>{t("invoices.date")}</Th>
                    <Th>{t("invoices.due")}</Th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((inv) => (
                    <tr key={inv.id} data-testid={`invoice-${inv.id}`}>
                      <Td label={t("invoices.number")} className="whitespace-nowrap">
                        <a
                          className={`${textLinkClass} inline-flex min-h-11 items-center`}
                          href={envHref(`/portal/${encodeURIComponent(businessId)}/invoices/${inv.id}`, environment)}
                        >
                          {inv.invoiceNumber}
                        </a>
                      </Td>
                      <Td label={t("invoices.status")} className="whitespace-nowrap">
                        <InvoiceStatusBadge status={inv.status} t={t} testId={`invoice-status-${inv.id}`} />
                      </Td>
                      <Td label={t("invoices.total")} className="text-right whitespace-nowrap tabular-nums">
                        {dollars(locale, inv.chargedCents, inv.currency)}
                      </Td>
                      <Td label={t("invoices.refunded")} className="text-right whitespace-nowrap tabular-nums">
                        {inv.refundedCents ? dollars(locale, inv.refundedCents, inv.currency) : "—"}
                      </Td>
                      <Td label={t("invoices.receiver")} className="[overflow-wrap:anywhere] sm:min-w-44">
                        <span>
                          {inv.receiverName}
                          {inv.receiverEmail ? <span className="block text-xs text-slate-600">{inv.receiverEmail}</span> : null}
                        </span>
                      </Td>
                      <Td label={t("invoices.date")} className="whitespace-nowrap">
                        {day(locale, inv.date)}
                      </Td>
                      <Td label={t("invoices.due")} className="whitespace-nowrap">
                        {day(locale, inv.dueDate)}
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            {hasPrevPage || hasNextPage ? (
              <nav aria-label={t("invoices.pages")} className="mt-4 flex flex-wrap items-center gap-4 text-sm">
                {hasPrevPage ? (
                  <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={pageHref(businessId, environment, page - 1)}>
                    {t("invoices.newer")}
                  </a>
                ) : null}
                <span className="text-slate-700">{t("invoices.pageOf", { page, pages, count: totalCount })}</span>
                {hasNextPage ? (
                  <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={pageHref(businessId, environment, page + 1)}>
                    {t("invoices.older")}
                  </a>
                ) : null}
              </nav>
            ) : null}
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default InvoicesPage;
