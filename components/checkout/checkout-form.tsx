"use client";
// The payment form of the hosted checkout: a method picker (card, wallet, each virtual currency the item
// is priced in), the guest's email, the card fields in test mode, and the pay button. The server action
// does the work; errors come back as text shown in an alert and on the field at fault.
import { useActionState, useEffect, useId, useRef, useState } from "react";
import type { PayState } from "@/lib/hosted/form-state";

import type { MethodOption } from "./method-options";
import { SubmitButton } from "@/components/ui/button";
import { labelClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

type Props = {
  action: (prev: PayState, form: FormData) => Promise<PayState>;
  options: MethodOption[];
  defaultMethod: string;
  email: string | null;
  signedIn: boolean;
  test: boolean;
  initialError: string | null;
};

/** Groups card digits by four as the payer types. */
const formatCardNumber = (v: string) =>
  v
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(.{4})(?=.)/g, "$1 ");
const formatExpiry = (v: string) => {
  const d = v.replace(/\D/g, "").slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
};

export const CheckoutForm = ({ action, options, defaultMethod, email, signedIn, test, initialError }: Props) => {
  const id = useId();
  const [state, formAction] = useActionState(action, { error: initialError, field: null, attempt: 0 });
  const [method, setMethod] = useState(defaultMethod);
  // Controlled, so a failed attempt (React resets a form after its action) keeps what the payer typed.
  const [guestEmail, setGuestEmail] = useState(email ?? "");
  const alertRef = useRef<HTMLDivElement>(null);
  const selected = options.find((o) => o.value === method) ?? options[0];
  const card = selected?.value === "card";
  const fieldError = (name: string) => (state.field === name ? state.error : null);

  useEffect(() => {
    if (state.attempt > 0 && state.error) alertRef.current?.focus();
  }, [state]);

  if (!selected) return <p className="text-sm">This item cannot be bought here.</p>;
  const payLabel = selected.disabledReason ? "Pay" : card && !test ? `Continue to card payment · ${selected.amountLabel}` : `Pay ${selected.amountLabel}`;

  return (
    <form action={formAction} noValidate className="space-y-5" aria-describedby={state.error ? `${id}-alert` : undefined}>
      {state.error ? (
        <div
          ref={alertRef}
          tabIndex={-1}
          id={`${id}-alert`}
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800 ring-1 ring-red-200 ring-inset outline-none"
        >
          {state.error}
        </div>
      ) : null}

      {!signedIn ? (
        <Field id={`${id}-email`} label="Email" hint="The email this purchase is made under." error={Boolean(fieldError("email"))} errorId={`${id}-alert`}>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={guestEmail}
              onChange={(e) => setGuestEmail(e.currentTarget.value)}
              placeholder="you@example.com"
            />
          )}
        </Field>
      ) : null}

      <fieldset>
        <legend className={labelClass}>Payment method</legend>
        <div className="mt-1.5 grid gap-2">
          {options.map((o) => (
            <label
              key={o.value}
              className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[var(--co-primary)] ${
                method === o.value ? "border-[var(--co-primary)] ring-1 ring-[var(--co-primary)]" : "border-[var(--co-border)]"
              } ${o.disabledReason ? "cursor-not-allowed opacity-60" : ""}`}
            >
              <input
                type="radio"
                name="method"
                value={o.value}
                checked={method === o.value}
                disabled={Boolean(o.disabledReason)}
                onChange={() => setMethod(o.value)}
                className="size-5 shrink-0 accent-[var(--co-primary)]"
              />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-semibold text-[var(--co-title)]">{o.label}</span>
                <span className="block text-xs text-[var(--co-label)]">{o.disabledReason ?? o.detail}</span>
              </span>
              <span className="shrink-0 text-sm font-semibold text-[var(--co-lines)]">{o.amountLabel}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {card && test ? (
        <div className="space-y-4">
          <Field id={`${id}-number`} label="Card number" error={Boolean(fieldError("cardNumber"))} errorId={`${id}-alert`}>
            {(control) => (
              <Input
                {...control}
                name="cardNumber"
                autoComplete="cc-number"
                inputMode="numeric"
                placeholder="1234 1234 1234 1234"
                onChange={(e) => (e.currentTarget.value = formatCardNumber(e.currentTarget.value))}
                className="font-mono tracking-wide"
              />
            )}
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field id={`${id}-expiry`} label="Expiry (MM / YY)" error={Boolean(fieldError("expiry"))} errorId={`${id}-alert`}>
              {(control) => (
                <Input
                  {...control}
                  name="cardExpiry"
                  autoComplete="cc-exp"
                  inputMode="numeric"
                  placeholder="MM / YY"
                  onChange={(e) => (e.currentTarget.value = formatExpiry(e.currentTarget.value))}
                />
              )}
            </Field>
            <Field id={`${id}-cvc`} label="CVC" error={Boolean(fieldError("cvc"))} errorId={`${id}-alert`}>
              {(control) => <Input {...control} name="cardCvc" autoComplete="cc-csc" inputMode="numeric" maxLength={4} placeholder="123" />}
            </Field>
          </div>
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs leading-5 text-amber-900 ring-1 ring-amber-200 ring-inset">
            Test cards: <span className="font-mono">4242 4242 4242 4242</span> succeeds, <span className="font-mono">4000 0000 0000 0002</span> is declined. Any
            future expiry and any CVC.
          </p>
        </div>
      ) : null}
      {card && !test ? (
        <p className="text-sm text-[var(--co-label)]">You will enter your card details on our payment partner&apos;s secure page (Stripe).</p>
      ) : null}

      <SubmitButton size="lg" spinner pendingLabel="Processing…">
        {payLabel}
      </SubmitButton>
      <p className="flex items-center justify-center gap-1.5 text-xs text-[var(--co-label)]">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" />
        </svg>
        Payments are encrypted and secure.
      </p>
    </form>
  );
};
