// The hosted invoice page: /invoice/{publicInvoiceId}?sig=…, the links.invoice of the Platform API and the link
// of the invoice email. The signed URL is the credential. The receiver sees the items, fees, total, due date and
// status, pays (card or ACH in test mode), and downloads the invoice as a PDF, or its receipt once paid; a refunded
// invoice (in part or in full) says what came back and when.
// Invoices carry no locale, so the page speaks the browser's language (Accept-Language), amounts and days
// written its way (../_lib/format.ts: the formats the PDF uses too, with the same status word and seller address).
import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { IntlProvider } from "@/components/hosted/intl-provider";
import { MerchantHeader } from "@/components/hosted/merchant-header";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { StateMessage } from "@/components/hosted/state-message";
import { AchPayForm, SettleAchForm } from "@/components/invoice/invoice-pay-forms";
import type { InvoicePayAnswer } from "@/components/invoice/pay-state";
import { PaymentForm } from "@/components/payment/payment-form";
import { INVOICE_PAY_START } from "@/lib/invoices/page-form-state";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/classes";
import { Card } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import { now } from "@/lib/core/clock";
import { getRequestLocale } from "@/lib/hosted/locale";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { addressLines, invoiceDisplayStatus, type InvoiceDisplayStatus } from "@/lib/invoices/invoice-format";
import type { InvoicePageView } from "@/lib/invoices/load-invoice-page";
import { invoiceFormats, type InvoiceFormats } from "../_lib/format";
import { loadInvoicePageOnce } from "../_lib/load-page";
import { payInvoiceAction, startInvoiceCardPaymentAction } from "../actions";

type Props = { params: Promise<{ publicId: string }>; searchParams: Promise<{ sig?: string | string[]; payment?: string | string[] }> };

export const dynamic = "force-dynamic";

/** The badge's state: the invoice's, or for a paid one that refunds gave money back, how much of it came back. */
type PageStatus = InvoiceDisplayStatus | "partially_refunded" | "refunded";
const pageStatus = (v: InvoicePageView, status: InvoiceDisplayStatus): PageStatus =>
  status === "paid" && v.refundedCents > 0 ? (v.refundedCents >= v.chargedCents ? "refunded" : "partially_refunded") : status;

const TONE: Record<PageStatus, "neutral" | "warning" | "success" | "danger"> = {
  partially_refunded: "warning",
  refunded: "neutral",
  draft: "neutral",
  sent: "warning",
  overdue: "danger",
  processing: "warning",
  paid: "success",
  cancelled: "danger",
};

/** The page's data, once per request (the metadata and the page both need it). */
const load = loadInvoicePageOnce;

const read = async ({ params, searchParams }: Props) => {
  const { publicId } = await params;
  const raw = (await searchParams).sig;
  const sig = typeof raw === "string" ? raw : null;
  // Stripe's success_url: back from paying a live invoice, before (or just after) the webhook paid it
  const backFromStripe = (await searchParams).payment === "stripe";
  return { sig, backFromStripe, v: await load(publicId, sig) };
};

export const generateMetadata = async (props: Props): Promise<Metadata> => {
  const { v } = await read(props);
  const locale = await getRequestLocale(v?.locale);
  const t = getTranslator(locale, "invoice");
  if (!v) return hostedMetadata({ locale, title: t("meta.notFoundTitle"), description: t("meta.notFoundDescription") });
  const f = invoiceFormats(locale);
  const names = { number: v.invoiceNumber, business: v.businessName };
  return hostedMetadata({
    locale,
    title: t("meta.title", names),
    description: t("meta.description", { ...names, status: v.status, amount: f.money(v.chargedCents), date: f.day(v.dueDate) }),
    siteName: v.businessName,
    imageUrl: v.businessLogoUrl,
  });
};

const Totals = ({ v, t, f }: { v: InvoicePageView; t: Translator; f: InvoiceFormats }) => (
  <dl className="mt-4 space-y-1.5 text-sm">
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{t("totals.subtotal")}</dt>
      <dd className="text-slate-900 tabular-nums">{f.money(v.subtotalCents)}</dd>
    </div>
    {v.taxCents ? (
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t("totals.tax")}</dt>
        <dd className="text-slate-900 tabular-nums">{f.money(v.taxCents)}</dd>
      </div>
    ) : null}
    <div className="flex justify-between gap-4 font-medium">
      <dt className="text-slate-700">{t("totals.total")}</dt>
      <dd className="text-slate-900 tabular-nums">{f.money(v.totalCents)}</dd>
    </div>
    {v.fees.map((fee, i) => (
      <div key={i} className="flex justify-between gap-4">
        <dt className="text-slate-600 [overflow-wrap:anywhere]">{fee.label}</dt>
        <dd className="text-slate-900 tabular-nums">{f.money(fee.amountCents)}</dd>
      </div>
    ))}
    <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-semibold">
      <dt className="text-slate-900">{v.status === "paid" ? t("totals.amountPaid") : t("totals.amountDue")}</dt>
      <dd className="text-slate-900 tabular-nums" data-testid="amount-due">
        {f.money(v.chargedCents)}
      </dd>
    </div>
    {v.refundedCents > 0 ? (
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t("refunded.row")}</dt>
        <dd className="text-slate-900 tabular-nums" data-testid="amount-refunded">
          −{f.money(v.refundedCents)}
        </dd>
      </div>
    ) : null}
  </dl>
);

/** The payment card: the forms (test mode), or where the payment stands. */
/** Pay by card: the one payment form (components/payment/payment-form.tsx); a live invoice's card is typed on Stripe's page. */
const CardPayment = ({
  action,
  amount,
  live,
  locale,
  t,
}: {
  action: (prev: InvoicePayAnswer, form: FormData) => Promise<InvoicePayAnswer>;
  amount: string;
  live: boolean;
  locale: Locale;
  t: Translator;
}) => (
  <section aria-labelledby="card-title" className="space-y-4">
    <h2 id="card-title" className="text-base font-semibold text-slate-900">
      {t("card.heading")}
    </h2>
    <IntlProvider locale={locale} namespace="checkout">
      <PaymentForm
        action={action}
        start={INVOICE_PAY_START}
        options={[{ value: "card", label: t("card.heading"), detail: "", amountLabel: amount, disabledReason: null }]}
        defaultMethod="card"
        showMethods={false}
        email={null}
        cardFields={!live}
        notice={null}
      />
    </IntlProvider>
  </section>
);

const Payment = ({
  v,
  sig,
  backFromStripe,
  locale,
  t,
  f,
}: {
  v: InvoicePageView;
  sig: string | null;
  backFromStripe: boolean;
  locale: Locale;
  t: Translator;
  f: InvoiceFormats;
}) => {
  const pay = payInvoiceAction.bind(null, { publicId: v.publicId, sig, locale: v.locale });
  const amount = f.money(v.chargedCents);
  switch (v.status) {
    case "sent":
      return v.environment === "test" ? (
        <>
          <p id="pay-title" className="sr-only">
            {t("payment")}
          </p>
          <CardPayment action={pay} amount={amount} live={false} locale={locale} t={t} />
          <div className="mt-6">
            <IntlProvider locale={locale} namespace="invoice">
              <AchPayForm action={pay} amount={amount} />
            </IntlProvider>
          </div>
        </>
      ) : backFromStripe ? (
        <StateMessage tone="info" title={t("stripeReturn.title")} headingId="pay-title">
          {/* the page reloads itself until Stripe's webhook has paid the invoice */}
          <meta httpEquiv="refresh" content="3" />
          {t("stripeReturn.body")}
        </StateMessage>
      ) : (
        <>
          <p id="pay-title" className="sr-only">
            {t("payment")}
          </p>
          <CardPayment
            action={startInvoiceCardPaymentAction.bind(null, { publicId: v.publicId, sig, locale: v.locale })}
            amount={amount}
            live
            locale={locale}
            t={t}
          />
          <p className="mt-4 text-sm text-slate-700">{t("cardLive.achUnavailable", { business: v.businessName })}</p>
        </>
      );
    case "processing":
      return (
        <>
          <StateMessage tone="info" title={t("processing.title")} headingId="pay-title">
            {t("processing.body", { amount })}
          </StateMessage>
          {v.environment === "test" ? (
            <div className="mt-4">
              <IntlProvider locale={locale} namespace="invoice">
                <SettleAchForm action={pay} />
              </IntlProvider>
            </div>
          ) : null}
        </>
      );
    case "paid": {
      const method = v.paymentMethod ?? "other";
      const paid = v.paidAt ? t("paid.body", { amount, date: f.day(v.paidAt), method }) : t("paid.bodyUndated", { amount, method });
      if (v.refundedCents > 0) {
        const full = v.refundedCents >= v.chargedCents;
        const words = { refunded: f.money(v.refundedCents), charged: amount, date: f.day(v.lastRefundAt ?? v.paidAt ?? v.date) };
        return (
          <StateMessage tone="info" title={full ? t("refunded.titleFull") : t("refunded.titlePartial")} headingId="pay-title">
            <span className="block">{paid}</span>
            <span className="mt-2 block" data-testid="invoice-refunded">
              {full ? t("refunded.full", words) : t("refunded.partial", words)}
            </span>
          </StateMessage>
        );
      }
      return (
        <StateMessage tone="success" title={t("paid.title")} headingId="pay-title">
          {paid}
        </StateMessage>
      );
    }
    default:
      return (
        <StateMessage tone="warning" title={t("cancelled.title")} headingId="pay-title">
          {t("cancelled.body", { business: v.businessName })}
        </StateMessage>
      );
  }
};

const InvoicePage = async (props: Props) => {
  const { sig, backFromStripe, v } = await read(props);
  const locale = await getRequestLocale(v?.locale);
  const t = getTranslator(locale, "invoice");
  if (!v)
    return (
      <HostedLayout locale={locale}>
        <Card labelledBy="title">
          <StateMessage tone="error" title={t("invalid.title")} headingId="title">
            {t("invalid.body")}
          </StateMessage>
        </Card>
      </HostedLayout>
    );
  const f = invoiceFormats(locale);
  const status = pageStatus(v, invoiceDisplayStatus(v, now()));
  const address = v.businessAddress ? addressLines(locale, v.businessAddress) : [];
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        <MerchantHeader merchant={{ kind: "business", name: v.businessName, imageUrl: v.businessLogoUrl, environment: v.environment }} locale={locale} />
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <h1 id="title" className="text-xl font-semibold text-slate-900">
            {t("heading", { number: v.invoiceNumber })}
          </h1>
          <Badge tone={TONE[status]} dot>
            <span className="sr-only">{t("statusLabel")} </span>
            <span data-testid="invoice-status">{t(`status.${status}`)}</span>
          </Badge>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div className="col-span-2 min-w-0 sm:col-span-1">
            <dt className="text-slate-600">{t("from")}</dt>
            <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]" data-testid="invoice-seller">
              {v.businessName}
              {address.map((line, i) => (
                <span key={i} className="block font-normal text-slate-600">
                  {line}
                </span>
              ))}
            </dd>
          </div>
          <div className="col-span-2 min-w-0 sm:col-span-1">
            <dt className="text-slate-600">{t("billedTo")}</dt>
            <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">
              {v.receiverName}
              {v.receiverEmail ? <span className="block font-normal text-slate-600">{v.receiverEmail}</span> : null}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("invoiceDate")}</dt>
            <dd className="text-slate-900">{f.day(v.date)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("dueDate")}</dt>
            <dd className="text-slate-900">{f.day(v.dueDate)}</dd>
          </div>
        </dl>
        <Table caption={t("items.caption")} className="mt-6" stacked>
          <thead>
            <tr>
              <Th>{t("items.item")}</Th>
              <Th className="text-right">{t("items.quantity")}</Th>
              <Th className="text-right">{t("items.rate")}</Th>
              <Th className="text-right">{t("items.amount")}</Th>
            </tr>
          </thead>
          <tbody>
            {v.items.map((item, i) => (
              <tr key={i}>
                <Td label={t("items.item")} className="[overflow-wrap:anywhere] sm:min-w-32">
                  {item.description}
                </Td>
                <Td label={t("items.quantity")} className="text-right tabular-nums">
                  {f.quantity(item.quantity)}
                </Td>
                <Td label={t("items.rate")} className="text-right tabular-nums">
                  {f.money(item.rateCents)}
                </Td>
                <Td label={t("items.amount")} className="text-right tabular-nums">
                  {f.money(item.amountCents)}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
        <Totals v={v} t={t} f={f} />
        {v.note ? <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{v.note}</p> : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <a href={v.pdfPath} className={buttonClass({ variant: "secondary" })} download>
            {t("downloadPdf")}
          </a>
          {v.receiptPath ? (
            <a href={v.receiptPath} className={buttonClass({ variant: "secondary" })} download>
              {t("downloadReceipt")}
            </a>
          ) : null}
        </div>
      </Card>
      <Card labelledBy="pay-title" className="mt-6">
        <Payment v={v} sig={sig} backFromStripe={backFromStripe} locale={locale} t={t} f={f} />
      </Card>
    </HostedLayout>
  );
};

export default InvoicePage;
