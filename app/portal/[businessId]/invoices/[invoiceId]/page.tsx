// /portal/{businessId}/invoices/{invoiceId}: one invoice of the business in the chosen environment (another
// business's, or the other environment's, is the portal's 404): who it bills, its lines, what was charged and
// refunded, its refunds (amount, reason, note, when, who or where from) and, for a member who may refund (finance,
// admin, owner), the Refund form while something is left of a paid invoice. docs/decisions/portal-invoices.md
import type { Metadata } from "next";
import { envHref, environmentOf } from "@/components/portal/env-href";
import { day, dollars, InvoiceStatusBadge } from "@/components/portal/invoice-parts";
import { InvoiceRefundForm } from "@/components/portal/invoice-refund-form";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { Card } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import { getTranslator } from "@/lib/i18n/translator";
import { loadPortalInvoice } from "@/lib/portal/load-portal-invoice";
import { whenIn } from "@/lib/portal/money-locale-format";
import { can } from "@/lib/portal/permissions";
import { portalPage, segmentText } from "../../../_lib/page";
import { getPortalLocale } from "../../../_lib/portal-locale";
import { refundInvoiceAction } from "./actions";

export const dynamic = "force-dynamic";
export const generateMetadata = async ({ params }: Props): Promise<Metadata> => ({
  title: { absolute: getTranslator(await getPortalLocale(), "portal-money")("invoice.metaTitle", { number: segmentText((await params).invoiceId) }) },
  robots: { index: false },
});

type Props = { params: Promise<{ businessId: string; invoiceId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const KNOWN_SOURCES = new Set(["api", "portal", "dispute"]);
const KNOWN_REASONS = new Set(["requested_by_customer", "duplicate", "fraudulent", "other", "dispute_lost"]);

const InvoicePage = async ({ params, searchParams }: Props) => {
  const { businessId, invoiceId: rawId } = await params;
  const invoiceId = segmentText(rawId);
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "invoices", load: (ctx) => loadPortalInvoice(ctx, { businessId, environment, invoiceId }) },
    ({ member, invoice: inv }, frame) => {
      const t = getTranslator(frame.locale, "portal-money");
      const { locale } = frame;
      const money = (cents: number) => dollars(locale, cents, inv.currency);
      const mayRefund = can(member.permissions, "refunds:write");
      const row = (label: string, value: string, testId?: string) => (
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-slate-900 tabular-nums" data-testid={testId}>
            {value}
          </dd>
        </div>
      );
      return (
        <PortalPageShell
          {...frame}
          title={t("invoice.title", { number: inv.invoiceNumber })}
          translated
          back={{ href: envHref(`/portal/${encodeURIComponent(businessId)}/invoices`, environment), label: t("invoice.back") }}
          intro={
            <div className="mt-3">
              <InvoiceStatusBadge status={inv.status} t={t} testId="invoice-status" />
            </div>
          }
        >
          <Card labelledBy="invoice-summary">
            <h2 id="invoice-summary" className="text-lg font-semibold text-slate-900">
              {t("invoice.summary")}
            </h2>
            <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
              <div className="min-w-0">
                <dt className="text-slate-600">{t("invoice.receiver")}</dt>
                <dd className="text-slate-900 [overflow-wrap:anywhere]">
                  {inv.receiverName}
                  {inv.receiverEmail ? <span className="block text-slate-600">{inv.receiverEmail}</span> : null}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("invoice.date")}</dt>
                <dd className="text-slate-900">
                  {day(locale, inv.date)} · {t("invoice.due")} {day(locale, inv.dueDate)}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("invoice.paidAt")}</dt>
                <dd className="text-slate-900">{whenIn(locale, inv.paidAt)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("invoice.method")}</dt>
                <dd className="text-slate-900">
                  {t(`invoice.methods.${inv.paymentMethod === "card" || inv.paymentMethod === "ach" ? inv.paymentMethod : "none"}`)}
                </dd>
              </div>
            </dl>
            <Table caption={t("invoice.items")} className="mt-4">
              <thead>
                <tr>
                  <Th>{t("invoice.item")}</Th>
                  <Th className="text-right">{t("invoice.quantity")}</Th>
                  <Th className="text-right">{t("invoice.amount")}</Th>
                </tr>
              </thead>
              <tbody>
                {inv.items.map((item, i) => (
                  <tr key={i}>
                    <Td className="[overflow-wrap:anywhere]">{item.description}</Td>
                    <Td className="text-right tabular-nums">{item.quantity}</Td>
                    <Td className="text-right whitespace-nowrap tabular-nums">{money(item.amountCents)}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
            <dl className="mt-4 space-y-1.5 text-sm">
              {row(t("invoice.total"), money(inv.totalCents))}
              {inv.feeCents ? row(t("invoice.fees"), money(inv.feeCents)) : null}
              {row(t("invoice.charged"), money(inv.chargedCents), "invoice-charged")}
              {row(t("invoice.refundedSoFar"), money(inv.refundedCents), "invoice-refunded")}
              {inv.status === "paid" || inv.status === "partially_refunded" || inv.status === "refunded"
                ? row(t("invoice.left"), money(inv.leftCents), "invoice-left")
                : null}
            </dl>
            {inv.disputed ? (
              <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-300 ring-inset">{t("invoice.disputed")}</p>
            ) : null}
          </Card>
          <Card labelledBy="invoice-refunds">
            <h2 id="invoice-refunds" className="text-lg font-semibold text-slate-900">
              {t("invoice.refunds")} <span className="font-normal text-slate-600">({inv.refunds.length})</span>
            </h2>
            {inv.refunds.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">{t("invoice.noRefunds")}</p>
            ) : (
              <Table caption={t("invoice.refundsCaption", { number: inv.invoiceNumber })} className="mt-3">
                <thead>
                  <tr>
                    <Th>{t("invoice.when")}</Th>
                    <Th className="text-right">{t("invoice.amount")}</Th>
                    <Th>{t("invoice.reason")}</Th>
                    <Th>{t("invoice.note")}</Th>
                    <Th>{t("invoice.by")}</Th>
                  </tr>
                </thead>
                <tbody>
                  {inv.refunds.map((r) => (
                    <tr key={r.id} data-testid={`refund-${r.id}`}>
                      <Td className="whitespace-nowrap">{whenIn(locale, r.createdAt)}</Td>
                      <Td className="text-right whitespace-nowrap tabular-nums">{dollars(locale, r.amountCents, r.currency)}</Td>
                      <Td>{KNOWN_REASONS.has(r.reason) ? t(`invoice.reasons.${r.reason}`) : r.reason}</Td>
                      <Td className="min-w-40 [overflow-wrap:anywhere]">{r.note ?? "—"}</Td>
                      <Td className="min-w-48 [overflow-wrap:anywhere]">
                        {KNOWN_SOURCES.has(r.source) ? t(`invoice.source.${r.source}`) : r.source}
                        {r.by ? <span className="block text-xs text-slate-600">{r.by}</span> : null}
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Card>
          {inv.status === "paid" || inv.status === "partially_refunded" || inv.status === "refunded" ? (
            <Card labelledBy="invoice-refund">
              <h2 id="invoice-refund" className="text-lg font-semibold text-slate-900">
                {t("invoice.refund.title")}
              </h2>
              {!mayRefund ? (
                <p className="mt-2 text-sm text-slate-700">{t("invoice.refund.readOnly")}</p>
              ) : inv.refundable ? (
                <>
                  <p className="mt-2 mb-4 text-sm text-slate-700">{t("invoice.refund.intro")}</p>
                  <InvoiceRefundForm
                    action={refundInvoiceAction.bind(null, { businessId, environment, invoiceId: inv.id, leftCents: inv.leftCents })}
                    invoice={inv}
                    locale={locale}
                    t={t}
                  />
                </>
              ) : (
                <p className="mt-2 text-sm text-slate-700">{inv.leftCents <= 0 ? t("invoice.refund.full") : t("invoice.disputed")}</p>
              )}
            </Card>
          ) : null}
        </PortalPageShell>
      );
    },
  );
};

export default InvoicePage;
