"use client";
// The fund page's pay form: the amount (campaign sessions) and the card (test mode's sandbox card). Errors sit
// under their field (aria-invalid, aria-describedby) and the first one is focused; a message about the attempt
// itself is an alert on top, focused. What was typed lives in React state and the form is never reset (it
// submits through onSubmit and a transition, not React's form action, which resets it): a refused attempt keeps
// every value, and after a decline only the CVC is cleared, as on the checkout. A live session's form has the amount
// only: its action sends the payer to Stripe's page for the card.
import { startTransition, useActionState, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button, Spinner } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FUND_PAY_START, type FundPayState } from "@/lib/fund-sessions/page-form-state";

type Action = (prev: FundPayState, form: FormData) => Promise<FundPayState>;

export type PayFormLabels = {
  legend: string;
  amount?: { label: string; hint: string };
  number: string;
  numberHint: string;
  expiry: string;
  cvc: string;
  submit: string;
  paying: string;
  /** live sessions: no card fields here; the payer enters the card on Stripe's page (this note says so) */
  stripeNote?: string;
};

type Values = { amount: string; cardNumber: string; cardExpiry: string; cardCvc: string };

export const FundPayForm = ({ action, labels }: { action: Action; labels: PayFormLabels }) => {
  const id = useId();
  const [state, formAction, pending] = useActionState(action, FUND_PAY_START);
  const [values, setValues] = useState<Values>({ amount: "", cardNumber: "", cardExpiry: "", cardCvc: "" });
  const alertRef = useRef<HTMLParagraphElement>(null);
  const seen = useRef(0);
  const errorOf = (field: string) => state.fieldErrors.find((e) => e.field === field)?.message ?? null;

  // A server answer: clear the CVC after a decline, and focus the alert or the first field at fault.
  useEffect(() => {
    if (state.attempt === 0 || state.attempt === seen.current) return;
    seen.current = state.attempt;
    if (state.fieldErrors.some((e) => e.field === "cardNumber")) setValues((v) => ({ ...v, cardCvc: "" }));
    if (state.error) alertRef.current?.focus();
    else if (state.fieldErrors[0]) document.getElementById(`${id}-${state.fieldErrors[0].field}`)?.focus();
  }, [state, id]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.set(k, v);
    startTransition(() => formAction(form));
  };
  const bind = (f: keyof Values) => ({
    name: f,
    value: values[f],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [f]: e.target.value })),
  });

  return (
    <form method="post" onSubmit={submit} className="space-y-4" aria-labelledby={`${id}-legend`} noValidate>
      <h2 id={`${id}-legend`} className="text-base font-semibold text-slate-900">
        {labels.legend}
      </h2>
      {state.error ? (
        <p
          key={state.attempt}
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
        >
          {state.error}
        </p>
      ) : null}
      {labels.amount ? (
        <Field id={`${id}-amount`} label={labels.amount.label} hint={labels.amount.hint} error={errorOf("amount")}>
          {(p) => <Input {...p} {...bind("amount")} inputMode="decimal" autoComplete="transaction-amount" placeholder="100.00" required />}
        </Field>
      ) : null}
      {labels.stripeNote ? (
        <p className="text-sm text-slate-700">{labels.stripeNote}</p>
      ) : (
        <>
          <Field id={`${id}-cardNumber`} label={labels.number} hint={labels.numberHint} error={errorOf("cardNumber")}>
            {(p) => <Input {...p} {...bind("cardNumber")} inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" required />}
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field id={`${id}-cardExpiry`} label={labels.expiry} error={errorOf("cardExpiry")}>
              {(p) => <Input {...p} {...bind("cardExpiry")} inputMode="numeric" autoComplete="cc-exp" placeholder="12/34" required />}
            </Field>
            <Field id={`${id}-cardCvc`} label={labels.cvc} error={errorOf("cardCvc")}>
              {(p) => <Input {...p} {...bind("cardCvc")} inputMode="numeric" autoComplete="cc-csc" placeholder="123" required />}
            </Field>
          </div>
        </>
      )}
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? (
          <>
            <Spinner />
            {labels.paying}
          </>
        ) : (
          labels.submit
        )}
      </Button>
    </form>
  );
};
