// The hosted checkout, shared by grant URLs (/checkout/g/…) and redirect URLs (/checkout/r/…): the order
// summary beside the payment card, or the checkout's final state.
import { AuthForm } from "@/components/hosted/auth-form";
import { SignedInAs } from "@/components/hosted/signed-in-as";
import { StateMessage } from "@/components/hosted/state-message";
import type { SignedInPlayer } from "@/lib/auth/get-signed-in-player";
import type { CheckoutView } from "@/lib/checkout/describe-checkout";
import { mayUseMethod } from "@/lib/checkout/resolve-payer";
import type { MailActions, PayTarget, PayTargetAction } from "@/lib/hosted/form-state";
import { CheckoutForm } from "./checkout-form";
import { CheckoutShell } from "./checkout-shell";
import { methodOptions } from "./method-options";
import { OrderSummary } from "./order-summary";
import { Card } from "@/components/ui/card";

type Props = {
  view: CheckoutView;
  target: PayTarget;
  player: SignedInPlayer | null;
  /** the server actions of the page (app/checkout/actions.ts, app/account/actions.ts) */
  actions: { pay: PayTargetAction; mail: MailActions };
};

const Final = ({ view }: { view: CheckoutView }) => (
  <Card variant="flat" labelledBy="title" className="mx-auto max-w-md">
    {view.checkout.state === "completed" ? (
      <StateMessage tone="success" title="Already completed" headingId="title">
        <p>This checkout was already paid: {view.item.name} is on its way. A checkout link can be used only once.</p>
        <p className="mt-2">You can close this page and return to {view.game.name}.</p>
      </StateMessage>
    ) : (
      <StateMessage tone="warning" title="This checkout has expired" headingId="title">
        <p>{view.checkout.grant ? "Checkout links last 2 hours." : "This checkout link is too old."} Nothing was charged.</p>
        <p className="mt-2">Go back to {view.game.name} to start a new checkout.</p>
      </StateMessage>
    )}
  </Card>
);

export const CheckoutPage = ({ view, target, player, actions }: Props) => {
  const test = view.checkout.environment === "test";
  if (view.checkout.state === "completed" || view.checkout.state === "expired")
    return (
      <CheckoutShell theme={view.theme} gameName={view.game.name} test={test}>
        <Final view={view} />
      </CheckoutShell>
    );
  const balanceBlocked = !player
    ? "Sign in to pay from your balance."
    : mayUseMethod(view.checkout, "wallet", player.playerId)
      ? null
      : "This checkout was made for another account: pay by card, or sign in as that account.";
  const options = methodOptions({ methods: view.methods, usd: view.usd, vc: view.vc, balanceBlocked });
  const preferred =
    view.checkout.checkoutMethod === "vc"
      ? options.find((o) => o.value.startsWith("vc:") && !o.disabledReason)
      : options.find((o) => o.value === view.checkout.checkoutMethod && !o.disabledReason);
  const defaultMethod = (preferred ?? options.find((o) => !o.disabledReason) ?? options[0])?.value ?? "card";
  return (
    <CheckoutShell theme={view.theme} gameName={view.game.name} test={test}>
      <h1 className="sr-only">Checkout: {view.item.name}</h1>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] md:gap-12">
        <OrderSummary view={view} />
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
              {player ? "Pay" : "Pay as a guest"}
            </h2>
            <div className="mt-4 space-y-5">
              {player ? <SignedInAs email={player.email} /> : null}
              <CheckoutForm
                key={`${player?.playerId ?? "guest"}:${defaultMethod}`}
                action={actions.pay.bind(null, target)}
                options={options}
                defaultMethod={defaultMethod}
                email={view.email}
                signedIn={Boolean(player)}
                test={test}
                initialError={view.lastFailure}
              />
            </div>
          </Card>
          {!player ? (
            <details className="group rounded-2xl border border-[var(--co-border)] bg-[var(--co-card)] px-5 py-1 sm:px-7">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between text-sm font-semibold text-[var(--co-title)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--co-primary)] [&::-webkit-details-marker]:hidden">
                Have an account? Sign in
                <span aria-hidden="true" className="transition group-open:rotate-180">
                  ▾
                </span>
              </summary>
              <div className="pt-2 pb-5">
                <AuthForm
                  mail={actions.mail}
                  defaultEmail={view.email ?? ""}
                  intro="Pay with your wallet or game balance, and keep the purchase on your account."
                />
              </div>
            </details>
          ) : null}
        </div>
      </div>
    </CheckoutShell>
  );
};
