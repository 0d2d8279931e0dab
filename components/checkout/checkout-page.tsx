// The hosted checkout, shared by grant URLs (/checkout/g/…) and redirect URLs (/checkout/r/…): the order
// summary beside the payment card, or the checkout's final state.
import type { ReactNode } from "react";
import { AuthForm } from "@/components/hosted/auth-form";
import { IntlProvider } from "@/components/hosted/intl-provider";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { StateMessage } from "@/components/hosted/state-message";
import type { SignedInPlayer } from "@/lib/auth/get-signed-in-player";
import type { CheckoutView } from "@/lib/checkout/describe-checkout";
import { mayUseMethod } from "@/lib/checkout/resolve-payer";
import type { MailActions, PayTarget, PayTargetAction } from "@/lib/hosted/form-state";
import type { Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import { BackToGame } from "./back-to-game";
import { PaymentForm } from "@/components/payment/payment-form";
import { CheckoutShell } from "./checkout-shell";
import { methodOptions } from "./method-options";
import { OrderSummary } from "./order-summary";
import type { Translate } from "./translate";
import { Card } from "@/components/ui/card";

type Props = {
  view: CheckoutView;
  target: PayTarget;
  player: SignedInPlayer | null;
  locale: Locale;
  /** the server actions of the page (app/checkout/actions.ts, app/account/actions.ts) */
  actions: { pay: PayTargetAction; mail: MailActions };
};

const Final = ({ view, t }: { view: CheckoutView; t: Translate }) => (
  <Card variant="flat" labelledBy="title" className="mx-auto max-w-md">
    {view.checkout.state === "completed" ? (
      <StateMessage tone="success" title={t("final.completedTitle")} headingId="title">
        <p>{t("final.completedBody", { item: view.item.name })}</p>
        <p className="mt-2">{t("final.closeAndReturn", { game: view.game.name })}</p>
      </StateMessage>
    ) : (
      <StateMessage tone="warning" title={t("final.expiredTitle")} headingId="title">
        <p>{view.checkout.grant ? t("final.grantExpired") : t("final.linkExpired")}</p>
        <p className="mt-2">{t("final.startAgain", { game: view.game.name })}</p>
      </StateMessage>
    )}
    {view.checkout.state === "completed" && view.back.kind === "close" ? (
      <p className="mt-4 text-sm text-[var(--co-text)]" data-testid="game-told">
        {t("back.told", { game: view.game.name })}
      </p>
    ) : null}
    <div className="mt-6">
      <BackToGame back={view.back} game={view.game.name} t={t} place="final" label={t("final.backToGame", { game: view.game.name })} />
    </div>
  </Card>
);

export const CheckoutPage = ({ view, target, player, locale, actions }: Props) => {
  const t = getTranslator(locale, "checkout");
  const test = view.checkout.environment === "test";
  const final = view.checkout.state === "completed" || view.checkout.state === "expired";
  const shell = (children: ReactNode) => (
    <CheckoutShell theme={view.theme} gameName={view.game.name} test={test} links={view.game.links} back={final ? null : view.back} locale={locale} t={t}>
      {children}
    </CheckoutShell>
  );
  if (final) return shell(<Final view={view} t={t} />);

  // Guests pay by card; so does a signed-in player on a grant made for another account. Their balance
  // methods are not offered (and the server refuses them): the page says so and offers to sign in.
  const balances = Boolean(player) && mayUseMethod(view.checkout, "wallet", player?.playerId);
  const options = methodOptions({ methods: view.methods, usd: view.usd, vc: view.vc, wallet: view.wallet, balances, locale, t });
  const hasBalanceMethods = (view.methods.includes("wallet") && view.usd !== null) || view.vc.length > 0;
  const currencies = view.vc.map((v) => v.code).join(t("summary.or"));
  const note =
    balances || !hasBalanceMethods
      ? null
      : !player
        ? options.length
          ? view.vc.length
            ? t("page.guestCardOnly")
            : t("page.guestCardOnlyWallet")
          : t("page.guestSignInOnly", { currencies })
        : t("page.otherAccount");
  const preferred =
    view.checkout.checkoutMethod === "vc"
      ? options.find((o) => o.value.startsWith("vc:") && !o.disabledReason)
      : options.find((o) => o.value === view.checkout.checkoutMethod && !o.disabledReason);
  const defaultMethod = (preferred ?? options.find((o) => !o.disabledReason) ?? options[0])?.value ?? "";
  const forAccount = !player && view.checkout.grant?.email ? t("page.forAccount", { email: view.checkout.grant.email }) : null;
  return shell(
    <>
      <h1 className="sr-only">{t("page.heading", { item: view.item.name })}</h1>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] md:gap-12">
        <OrderSummary view={view} locale={locale} t={t} />
        <div className="min-w-0 space-y-4">
          {view.customMessage ? (
            <p
              data-testid="custom-message"
              className="rounded-xl border border-[var(--co-border)] bg-[var(--co-card)] px-4 py-3 text-sm leading-6 whitespace-pre-line [overflow-wrap:anywhere] text-[var(--co-text)]"
            >
              {view.customMessage}
            </p>
          ) : null}
          <Card variant="flat" labelledBy="pay-title">
            <h2 id="pay-title" className="text-lg font-semibold text-[var(--co-title)]">
              {player ? t("page.payTitle") : t("page.payTitleGuest")}
            </h2>
            <div className="mt-4 space-y-5">
              {player ? <SignedInAs email={player.email} locale={locale} /> : null}
              {forAccount ? <p className="text-sm [overflow-wrap:anywhere] text-[var(--co-text)]">{forAccount}</p> : null}
              {note ? (
                <p className="text-sm text-[var(--co-label)]" data-testid="method-note">
                  {note}
                </p>
              ) : null}
              {options.length ? (
                <IntlProvider locale={locale} namespace="checkout">
                  <PaymentForm
                    key={`${player?.playerId ?? "guest"}:${defaultMethod}`}
                    action={actions.pay.bind(null, { ...target, locale })}
                    options={options}
                    defaultMethod={defaultMethod}
                    email={!player && target.kind === "session" ? { initial: view.email ?? "" } : null}
                    cardFields={test}
                    notice={view.lastFailure ? t("page.lastFailure", { message: view.lastFailure }) : null}
                  />
                </IntlProvider>
              ) : note ? null : (
                <p className="text-sm">{t("page.cannotBuy")}</p>
              )}
            </div>
          </Card>
          {!player ? (
            <details open={!options.length} className="group rounded-2xl border border-[var(--co-border)] bg-[var(--co-card)] px-5 py-1 sm:px-7">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between text-sm font-semibold text-[var(--co-title)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--co-primary)] [&::-webkit-details-marker]:hidden">
                {t("page.signInSummary")}
                <span aria-hidden="true" className="transition group-open:rotate-180">
                  ▾
                </span>
              </summary>
              <div className="pt-2 pb-5">
                <AuthForm mail={actions.mail} defaultEmail={view.checkout.grant?.email ?? view.email ?? ""} intro={t("page.signInIntro")} locale={locale} />
              </div>
            </details>
          ) : null}
        </div>
      </div>
    </>,
  );
};
