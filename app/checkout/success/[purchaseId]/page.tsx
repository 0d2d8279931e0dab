// The page after paying: /checkout/success/{purchaseId}?sig=… It closes the loop: what was bought and for
// how much, what happens next (how the item arrives, the account's email), the short reference to quote,
// and the way back to the game. A live card payment lands here before Stripe's webhook arrives, so a
// pending purchase refreshes itself until it completes.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CheckoutShell } from "@/components/checkout/checkout-shell";
import { formatUnits } from "@/components/checkout/method-options";
import { formatRate, includedTaxCents } from "@/components/checkout/order-summary";
import { checkoutMetadata, notFoundMetadata } from "@/components/checkout/page-metadata";
import { ShareButtons } from "@/components/checkout/share-buttons";
import { BackToGame } from "@/components/checkout/back-to-game";
import type { Translate } from "@/components/checkout/translate";
import { StateMessage } from "@/components/hosted/state-message";
import type { SuccessView } from "@/lib/checkout/load-success-view";
import { getRequestLocale } from "@/lib/hosted/locale";
import { formatMoney } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import { buttonClass } from "@/components/ui/classes";
import { Card } from "@/components/ui/card";
import { loadSuccessPage } from "../../load-page";

type Props = { params: Promise<{ purchaseId: string }>; searchParams: Promise<{ sig?: string | string[] }> };

export const dynamic = "force-dynamic";

const load = loadSuccessPage;

const read = async ({ params, searchParams }: Props) => {
  const { purchaseId } = await params;
  const sig = (await searchParams).sig;
  return load(purchaseId, typeof sig === "string" ? sig : null);
};

export async function generateMetadata(props: Props): Promise<Metadata> {
  const loaded = await read(props);
  if (!loaded) return notFoundMetadata(await getRequestLocale());
  const { view, locale } = loaded;
  const t = getTranslator(locale, "checkout");
  const names = { game: view.game.name, item: view.item.name };
  return checkoutMetadata({ locale, title: t("meta.successTitle", names), description: t("meta.successDescription", names), game: view.game.name });
}

/** What happens next: how the item arrives. */
const deliveryText = (view: SuccessView, locale: Locale, t: Translate): string => {
  const names = { game: view.game.name, item: view.item.name };
  const d = view.delivery;
  switch (d.kind) {
    case "currency":
      return t("success.deliveryCurrency", { ...names, amount: formatUnits(locale, d.amount, d.code) });
    case "key":
      return d.email ? t("success.deliveryKey", { ...names, email: d.email }) : t("success.deliveryKeyNoEmail", names);
    case "subscription":
      return t("success.deliverySubscription", names);
    case "followUp":
      return t("success.deliveryFollowUp", names);
    default:
      return t("success.deliveryGame", names);
  }
};

const Completed = ({ view, locale, t }: { view: SuccessView; locale: Locale; t: Translate }) => {
  const amount = view.paid.kind === "vc" ? formatUnits(locale, view.paid.units, view.paid.code) : formatMoney(locale, view.paid.cents, "USD");
  const tax = view.paid.kind === "usd" && view.game.tax ? view.game.tax : null;
  return (
    <>
      <StateMessage tone="success" title={t("success.title")} headingId="title">
        <p data-testid="paid">
          {t("success.youPaid", { amount, item: view.item.name })}
          {tax && view.paid.kind === "usd"
            ? ` ${t("success.taxIncluded", { label: `${tax.label} (${formatRate(locale, tax.rateBps)})`, amount: formatMoney(locale, includedTaxCents(view.paid.cents, tax.rateBps), "USD") })}`
            : null}
        </p>
      </StateMessage>
      <section
        aria-labelledby="next-title"
        className="mt-6 rounded-xl border border-[var(--co-border)] px-4 py-4 text-left text-sm leading-6 text-[var(--co-text)]"
      >
        <h2 id="next-title" className="font-semibold text-[var(--co-title)]">
          {t("success.nextHeading")}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="next-steps">
          <li>{deliveryText(view, locale, t)}</li>
          {view.email ? <li data-testid="receipt-line">{t("success.receiptSent", { email: view.email })}</li> : null}
        </ul>
        <dl className="mt-4 flex flex-wrap items-baseline gap-x-2 border-t border-[var(--co-border)] pt-3">
          <dt className="text-[var(--co-label)]">{t("success.reference")}</dt>
          <dd className="font-mono font-semibold tracking-wide text-[var(--co-title)]" data-testid="reference">
            {view.reference}
          </dd>
          <dd className="basis-full text-xs text-[var(--co-label)]">{t("success.referenceHint", { game: view.game.name })}</dd>
        </dl>
      </section>
    </>
  );
};

/** A refunded or partly refunded purchase: what came back, and the same reference (the payer quotes it for the refund too). */
const Refunded = ({ view, locale, t }: { view: SuccessView; locale: Locale; t: Translate }) => {
  const money = (a: SuccessView["paid"]) => (a.kind === "vc" ? formatUnits(locale, a.units, a.code) : formatMoney(locale, a.cents, "USD"));
  return (
    <>
      <StateMessage tone="info" title={t(view.status === "refunded" ? "success.refundedTitle" : "success.partiallyRefundedTitle")} headingId="title">
        <p data-testid="refunded">
          {t("success.refundedBody", { refunded: money(view.refundedAmount ?? view.paid), amount: money(view.paid), item: view.item.name })}{" "}
          {t("success.refundedWhere")}
        </p>
      </StateMessage>
      <dl className="mt-6 flex flex-wrap items-baseline gap-x-2 rounded-xl border border-[var(--co-border)] px-4 py-3 text-left text-sm">
        <dt className="text-[var(--co-label)]">{t("success.reference")}</dt>
        <dd className="font-mono font-semibold tracking-wide text-[var(--co-title)]" data-testid="reference">
          {view.reference}
        </dd>
        <dd className="basis-full text-xs text-[var(--co-label)]">{t("success.referenceHint", { game: view.game.name })}</dd>
      </dl>
    </>
  );
};

export default async function CheckoutSuccessPage(props: Props) {
  const loaded = await read(props);
  if (!loaded) notFound();
  const { view, locale } = loaded;
  const t = getTranslator(locale, "checkout");
  const done = view.status === "completed";
  const ended = view.status === "failed" || view.status === "canceled";
  const refunded = view.status === "refunded" || view.status === "partially_refunded";
  return (
    <CheckoutShell
      theme={view.game.theme}
      gameName={view.game.name}
      test={view.environment === "test"}
      links={view.game.links}
      back={view.back.kind === "close" ? null : view.back}
      locale={locale}
      t={t}
    >
      {view.status === "pending" ? <meta httpEquiv="refresh" content="3" /> : null}
      <Card variant="flat" labelledBy="title" className="mx-auto max-w-md">
        {done ? (
          <Completed view={view} locale={locale} t={t} />
        ) : refunded ? (
          <Refunded view={view} locale={locale} t={t} />
        ) : view.status === "pending" ? (
          <StateMessage tone="info" title={t("success.pendingTitle")} headingId="title">
            <p role="status">{t("success.pendingBody")}</p>
          </StateMessage>
        ) : (
          <StateMessage tone="error" title={t("success.failedTitle")} headingId="title">
            <p role="alert">{view.failureMessage ?? (view.refunded ? t("success.refundedLate") : t("success.canceled"))}</p>
          </StateMessage>
        )}
        <div className="mt-6 space-y-3">
          {done && view.back.kind === "close" ? (
            <p className="text-sm text-[var(--co-text)]" data-testid="game-told">
              {t("back.told", { game: view.game.name })}
            </p>
          ) : null}
          {done ? <BackToGame back={view.back} game={view.game.name} t={t} place="final" label={t("success.returnToGame", { game: view.game.name })} /> : null}
          {ended && view.checkoutPath ? (
            <a href={view.checkoutPath} className={buttonClass({ size: "lg" })}>
              {t("success.tryAgain")}
            </a>
          ) : null}
          {done && !view.game.hideShareButtons ? (
            <ShareButtons
              label={t("success.share")}
              copiedLabel={t("success.copied")}
              text={t("success.shareText", { item: view.item.name, game: view.game.name })}
              variant="secondary"
            />
          ) : null}
        </div>
      </Card>
    </CheckoutShell>
  );
}
