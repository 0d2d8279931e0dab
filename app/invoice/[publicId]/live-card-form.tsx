"use client";
// A live invoice's card payment: one button whose action opens Stripe's Checkout page (the card is entered there).
// A refusal (the invoice changed, payments not configured) is an alert on top, focused.
import { useActionState, useEffect, useRef } from "react";
import { Button, Spinner } from "@/components/ui/button";
import { INVOICE_PAY_START, type InvoicePayState } from "@/lib/invoices/page-form-state";

type Action = (prev: InvoicePayState, form: FormData) => Promise<InvoicePayState>;

export const LiveCardForm = ({ action, labels }: { action: Action; labels: { title: string; body: string; submit: string; redirecting: string } }) => {
  const [state, formAction, pending] = useActionState(action, INVOICE_PAY_START);
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.error) alertRef.current?.focus();
  }, [state]);
  return (
    <form action={formAction} className="space-y-4" aria-labelledby="pay-title">
      <h2 id="pay-title" className="text-base font-semibold text-slate-900">
        {labels.title}
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
      <p className="text-sm text-slate-700">{labels.body}</p>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? (
          <>
            <Spinner />
            {labels.redirecting}
          </>
        ) : (
          labels.submit
        )}
      </Button>
    </form>
  );
};
