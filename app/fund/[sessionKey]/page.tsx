// The hosted fund page: /fund/{sessionKey}, the url of a campaign or distribution fund session. The session key
// is the credential (256 random bits). The payer sees what they fund (the campaign, or the payout with its fees
// and the total due), pays by card (the sandbox card in test mode; Stripe's Checkout page in live, whose webhook
// completes the session and whose success_url comes back here with ?payment=stripe), and the session completes. Expired,
// cancelled and completed sessions say so. Opening the page changes nothing. A completed session shows the payment's
// reference, offers its receipt by email (receipt-form.tsx) and the way back: the platform has been told, the page
// can be closed (close-button.tsx; fund sessions carry no return URL: docs/decisions/funded-and-invoice-pdf.md).
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { cache } from "react";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { hostedMetadata } from "@/components/hosted/page-metadata";
import { StateMessage } from "@/components/hosted/state-message";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { loadFundPage, type FundPage } from "@/lib/fund-sessions/load-fund-page";
import { getRequestLocale } from "@/lib/hosted/locale";
import { formatDate, formatMoney } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator, type Translator } from "@/lib/i18n/translator";
import { payFundSessionAction, startFundCardPaymentAction } from "./actions";
import { IntlProvider } from "@/components/hosted/intl-provider";
import { PaymentForm } from "@/components/payment/payment-form";
import { FUND_PAY_START, type FundPayState } from "@/lib/fund-sessions/page-form-state";
import { ClosePageButton } from "./close-button";
import { emailFundReceiptAction } from "./receipt-actions";
import { FundReceiptForm } from "./receipt-form";

type Props = { params: Promise<{ sessionKey: string }>; searchParams?: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = "force-dynamic";

const load = cache(async (sessionKey: string) => loadFundPage({ db: getDb() }, { sessionKey }));

export const generateMetadata = async ({ params }: Props): Promise<Metadata> => {
  const page = await load((await params).sessionKey);
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "fund");
  if (!page) return hostedMetadata({ locale, title: t("meta.notFoundTitle") });
  const title =
    page.target === "campaign" ? t("meta.campaignTitle", { campaign: page.campaignName }) : t("meta.distributionTitle", { business: page.businessName });
  return hostedMetadata({ locale, title, description: t("meta.description"), siteName: page.businessName || undefined });
};

const usd = (locale: Locale, cents: number) => formatMoney(locale, cents, "USD");
const strong = (chunks: ReactNode) => <strong className="font-semibold [overflow-wrap:anywhere]">{chunks}</strong>;

const Row = ({ label, value, total = false }: { label: string; value: string; total?: boolean }) => (
  <div className={`flex justify-between gap-4 ${total ? "border-t border-slate-200 pt-2 text-base font-semibold" : ""}`}>
    <dt className={`${total ? "text-slate-900" : "text-slate-600"} [overflow-wrap:anywhere]`}>{label}</dt>
    <dd className="text-right text-slate-900 tabular-nums">{value}</dd>
  </div>
);

const Summary = ({ page, locale, t }: { page: FundPage; locale: Locale; t: Translator }) =>
  page.target === "campaign" ? (
    <>
      <h1 id="title" className="text-2xl font-semibold tracking-tight text-balance text-slate-900">
        {t("campaign.heading", { campaign: page.campaignName })}
      </h1>
      <p className="mt-2 text-sm leading-6 text-slate-700">{t.rich("campaign.intro", { business: page.businessName, campaign: page.campaignName, strong })}</p>
    </>
  ) : (
    <>
      <h1 id="title" className="text-2xl font-semibold tracking-tight text-balance text-slate-900">
        {t("distribution.heading", { business: page.businessName })}
      </h1>
      <p className="mt-2 text-sm leading-6 text-slate-700">{t("distribution.intro", { count: page.recipientCount })}</p>
      <dl className="mt-4 space-y-1.5 text-sm" data-testid="fund-summary">
        {page.memo ? <Row label={t("distribution.memo")} value={page.memo} /> : null}
        <Row label={t("distribution.payout")} value={usd(locale, page.amountCents)} />
        {page.fees.map((f, i) => (
          <Row key={i} label={`${t("distribution.fees")}: ${f.label}`} value={usd(locale, f.amountCents)} />
        ))}
        {page.dueCents !== page.amountCents + page.fees.reduce((s, f) => s + f.amountCents, 0) ? (
          <Row
            label={t("distribution.paidEarlier")}
            value={`−${usd(locale, page.amountCents + page.fees.reduce((s, f) => s + f.amountCents, 0) - page.dueCents)}`}
          />
        ) : null}
        <Row label={t("distribution.due")} value={usd(locale, page.dueCents)} total />
      </dl>
    </>
  );

/** The funded state: what was paid and when, the reference, the receipt by email, and the way back. */
const Funded = ({ page, locale, t }: { page: FundPage; locale: Locale; t: Translator }) => (
  <>
    <StateMessage tone="success" title={t("completed.title")} headingId="title">
      <p data-testid="fund-status">
        {t("completed.body", { amount: usd(locale, page.paidCents ?? 0), date: formatDate(locale, page.completedAt ?? new Date()) })}
      </p>
    </StateMessage>
    {page.reference ? (
      <div className="mt-4 text-sm">
        <p className="text-slate-600">{t("completed.reference")}</p>
        <p className="mt-0.5 font-mono text-xs break-all text-slate-900 select-all" data-testid="fund-reference">
          {page.reference}
        </p>
        <p className="mt-1 text-xs text-slate-600">{t("completed.referenceHint", { business: page.businessName })}</p>
      </div>
    ) : null}
    <div className="mt-6 border-t border-slate-200 pt-6">
      <FundReceiptForm
        action={emailFundReceiptAction.bind(null, page.sessionKey)}
        labels={{
          heading: t("receipt.heading"),
          label: t("receipt.label"),
          hint: t("receipt.hint"),
          placeholder: t("receipt.placeholder"),
          submit: t("receipt.submit"),
          sending: t("receipt.sending"),
        }}
      />
    </div>
    <div className="mt-6 space-y-3 border-t border-slate-200 pt-6">
      {page.platformName ? (
        <p className="text-sm text-slate-700" data-testid="fund-told">
          {t("completed.told", { platform: page.platformName })}
        </p>
      ) : null}
      <ClosePageButton label={t("completed.close")} fallback={t("completed.closeFallback")} />
    </div>
  </>
);

const Final = ({ page, locale, t }: { page: FundPage; locale: Locale; t: Translator }) => {
  switch (page.status) {
    case "completed":
      return <Funded page={page} locale={locale} t={t} />;
    case "cancelled":
      return (
        <StateMessage tone="warning" title={t("cancelled.title")} headingId="title">
          <p data-testid="fund-status">{t("cancelled.body", { business: page.businessName })}</p>
        </StateMessage>
      );
    default:
      return (
        <StateMessage tone="warning" title={t("expired.title")} headingId="title">
          <p data-testid="fund-status">{t("expired.body", { business: page.businessName })}</p>
        </StateMessage>
      );
  }
};

/** The fund page's payment: the one payment form (components/payment/payment-form.tsx), paying by card the amount due or the amount chosen. */
const Pay = ({
  page,
  locale,
  t,
  action,
}: {
  page: FundPage;
  locale: Locale;
  t: Translator;
  action: (prev: FundPayState, form: FormData) => Promise<FundPayState>;
}) => (
  <section aria-labelledby="pay-title" className="space-y-4">
    <h2 id="pay-title" className="text-base font-semibold text-slate-900">
      {t("card.legend")}
    </h2>
    <IntlProvider locale={locale} namespace="checkout">
      <PaymentForm
        action={action}
        start={FUND_PAY_START}
        options={[
          {
            value: "card",
            label: t("card.legend"),
            detail: "",
            amountLabel: page.target === "campaign" ? "" : usd(locale, page.dueCents),
            disabledReason: null,
          },
        ]}
        defaultMethod="card"
        showMethods={false}
        email={null}
        cardFields={page.environment === "test"}
        notice={null}
        amount={
          page.target === "campaign"
            ? { label: t("amount.label"), hint: t("amount.hint", { min: usd(locale, page.minCents), max: usd(locale, page.maxCents) }) }
            : null
        }
      />
    </IntlProvider>
  </section>
);

const FundSessionPage = async ({ params, searchParams }: Props) => {
  const { sessionKey } = await params;
  // Stripe's success_url: back from paying, before (or just after) the webhook completed the session
  const backFromStripe = (await searchParams)?.payment === "stripe";
  const page = await load(sessionKey);
  const locale = await getRequestLocale();
  const t = getTranslator(locale, "fund");
  if (!page)
    return (
      <HostedLayout locale={locale}>
        <Card labelledBy="title">
          <StateMessage tone="error" title={t("notFound.title")} headingId="title">
            <p>{t("notFound.body")}</p>
          </StateMessage>
        </Card>
      </HostedLayout>
    );
  return (
    <HostedLayout locale={locale}>
      <Card labelledBy="title">
        {page.environment === "test" ? (
          <div className="mb-4 flex justify-end">
            <TestModeBadge locale={locale} />
          </div>
        ) : null}
        {page.status !== "pending" ? (
          <Final page={page} locale={locale} t={t} />
        ) : (
          <>
            <Summary page={page} locale={locale} t={t} />
            <div className="mt-6 border-t border-slate-200 pt-6">
              {page.environment === "test" ? (
                <Pay page={page} locale={locale} t={t} action={payFundSessionAction.bind(null, sessionKey)} />
              ) : backFromStripe ? (
                <div role="status" className="rounded-lg bg-sky-50 px-3 py-2.5 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset">
                  {/* the page reloads itself until Stripe's webhook has completed the session */}
                  <meta httpEquiv="refresh" content="3" />
                  <p className="font-medium" data-testid="fund-status">
                    {t("stripe.confirmingTitle")}
                  </p>
                  <p className="mt-1">{t("stripe.confirmingBody")}</p>
                </div>
              ) : (
                <Pay page={page} locale={locale} t={t} action={startFundCardPaymentAction.bind(null, sessionKey)} />
              )}
              <p className="mt-4 text-xs text-slate-600">{t("expiresAt", { date: formatDate(locale, page.expiresAt) })}</p>
            </div>
          </>
        )}
      </Card>
    </HostedLayout>
  );
};

export default FundSessionPage;
