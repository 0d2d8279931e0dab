"use client";
// The invoice page's payment forms: the card (test mode's sandbox card) and a bank transfer (ACH, test mode),
// or, for an ACH transfer under way in test mode, the button that settles it. Errors sit under their field
// (aria-invalid, aria-describedby); a message about the attempt itself is an alert at the top of the form.
import { useActionState, useId } from "react";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { INVOICE_PAY_START, type InvoicePayState } from "@/lib/invoices/page-form-state";

type Action = (prev: InvoicePayState, form: FormData) => Promise<InvoicePayState>;

const Alert = ({ state }: { state: InvoicePayState }) =>
  state.error ? (
    <p key={state.attempt} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
      {state.error}
    </p>
  ) : null;

const errorOf = (state: InvoicePayState, field: string) => state.fieldErrors.find((e) => e.field === field)?.message ?? null;

export const InvoicePayForms = ({ action, amount }: { action: Action; amount: string }) => {
  const id = useId();
  const [card, cardAction] = useActionState(action, INVOICE_PAY_START);
  const [ach, achAction] = useActionState(action, INVOICE_PAY_START);
  return (
    <div className="space-y-6">
      <form action={cardAction} className="space-y-4" aria-labelledby={`${id}-card`} noValidate>
        <h2 id={`${id}-card`} className="text-base font-semibold text-slate-900">
          Pay by card
        </h2>
        <Alert state={card} />
        <input type="hidden" name="method" value="card" />
        <Field
          id={`${id}-number`}
          label="Card number"
          hint="Test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined."
          error={errorOf(card, "cardNumber")}
        >
          {(p) => <Input {...p} name="cardNumber" inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" required />}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field id={`${id}-expiry`} label="Expiry (MM/YY)" error={errorOf(card, "cardExpiry")}>
            {(p) => <Input {...p} name="cardExpiry" inputMode="numeric" autoComplete="cc-exp" placeholder="12/34" required />}
          </Field>
          <Field id={`${id}-cvc`} label="CVC" error={errorOf(card, "cardCvc")}>
            {(p) => <Input {...p} name="cardCvc" inputMode="numeric" autoComplete="cc-csc" placeholder="123" required />}
          </Field>
        </div>
        <SubmitButton pendingLabel="Paying…" spinner size="lg">
          Pay {amount}
        </SubmitButton>
      </form>
      <form action={achAction} className="space-y-3 border-t border-slate-200 pt-6" aria-labelledby={`${id}-ach`}>
        <h2 id={`${id}-ach`} className="text-base font-semibold text-slate-900">
          Pay by bank transfer (ACH)
        </h2>
        <p className="text-sm text-slate-600">The transfer takes a few days; the invoice shows “Processing” until it settles.</p>
        <Alert state={ach} />
        <input type="hidden" name="method" value="ach" />
        <SubmitButton pendingLabel="Starting transfer…" spinner variant="secondary">
          Pay {amount} by bank transfer
        </SubmitButton>
      </form>
    </div>
  );
};

/** Test mode only: the bank settles the ACH transfer now. */
export const SettleAchForm = ({ action }: { action: Action }) => {
  const [state, formAction] = useActionState(action, INVOICE_PAY_START);
  return (
    <form action={formAction} className="space-y-3">
      <Alert state={state} />
      <input type="hidden" name="method" value="settle" />
      <SubmitButton pendingLabel="Settling…" spinner variant="secondary">
        Simulate the bank settling the transfer (test mode)
      </SubmitButton>
    </form>
  );
};
