"use client";
// The funded page's receipt form (issue 30, payer item 6): an optional email address to get the receipt of this
// payment. A bad address is said under the field (aria-invalid, aria-describedby) and the field is focused; a
// refusal of the whole request is an alert; a sent receipt is a status line naming the address. The form stays,
// so a second address can be given (each gets the receipt once).
import { startTransition, useActionState, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button, Spinner } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FUND_RECEIPT_START, type FundReceiptState } from "@/lib/fund-sessions/receipt-form-state";

type Action = (prev: FundReceiptState, form: FormData) => Promise<FundReceiptState>;

export type ReceiptFormLabels = { heading: string; label: string; hint: string; placeholder: string; submit: string; sending: string };

export const FundReceiptForm = ({ action, labels }: { action: Action; labels: ReceiptFormLabels }) => {
  const id = useId();
  const [state, formAction, pending] = useActionState(action, FUND_RECEIPT_START);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const seen = useRef(0);
  // what was typed stays through a refused attempt (a form action would reset it); a sent receipt clears it
  const [email, setEmail] = useState("");

  useEffect(() => {
    if (state.attempt === 0 || state.attempt === seen.current) return;
    seen.current = state.attempt;
    if (state.sent) setEmail("");
    if (state.field === "email") document.getElementById(`${id}-email`)?.focus();
    else if (state.error) alertRef.current?.focus();
  }, [state, id]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData();
    form.set("email", email);
    startTransition(() => formAction(form));
  };

  return (
    <form method="post" onSubmit={submit} className="space-y-3" aria-labelledby={`${id}-heading`} noValidate data-testid="receipt-form">
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {labels.heading}
      </h2>
      {state.error && state.field === null ? (
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
      <Field id={`${id}-email`} label={labels.label} hint={labels.hint} error={state.field === "email" ? state.error : null}>
        {(p) => (
          <Input
            {...p}
            name="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
            placeholder={labels.placeholder}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? (
            <>
              <Spinner />
              {labels.sending}
            </>
          ) : (
            labels.submit
          )}
        </Button>
        <p role="status" className="text-sm text-emerald-800" data-testid="receipt-status">
          {state.sent ?? ""}
        </p>
      </div>
    </form>
  );
};
