"use client";
// The invoice page's payment forms: the card (test mode's sandbox card) and a bank transfer (ACH, test mode),
// or, for an ACH transfer under way in test mode, the button that settles it. Words come from the "invoice"
// catalog (an IntlProvider of that namespace wraps these forms); `amount` is the amount due, already written
// the reader's way.
//
// The card form keeps what was typed on any error: it submits through onSubmit and a transition, not through
// React's form action, which resets the form (without JavaScript the form action still posts). The browser
// checks the card with the checkout's rules (lib/checkout/pay-fields.ts: Luhn, MM/YY not in the past, the
// CVC) before sending; the server checks again and stays the authority. Each error sits under its field
// (aria-invalid, aria-describedby), in screen order, and focus goes to the first field at fault; a message
// about the attempt itself is an alert at the top of the form, focused. After a decline only the CVC is cleared.
import { startTransition, useActionState, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { Button, Spinner, SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { cardIssues } from "@/lib/checkout/pay-fields";
import { INVOICE_PAY_START, type InvoicePayState } from "@/lib/invoices/page-form-state";
import type { InvoicePayAnswer } from "./pay-state";

type Action = (prev: InvoicePayAnswer, form: FormData) => Promise<InvoicePayAnswer>;

const TEST_CARDS = { ok: "4242 4242 4242 4242", declined: "4000 0000 0000 0002" };

const CARD_FIELDS = ["cardNumber", "cardExpiry", "cardCvc"] as const;
type CardField = (typeof CARD_FIELDS)[number];
type CardValues = Record<CardField, string>;
type FieldErrors = { field: string; message: string }[];

const alertClass =
  "rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ring-inset focus:outline-2 focus:outline-offset-2 focus:outline-red-700";

const Alert = ({ state }: { state: InvoicePayState }) =>
  state.error ? (
    <p key={state.attempt} role="alert" className={alertClass}>
      {state.error}
    </p>
  ) : null;

const CardForm = ({ action, amount }: { action: Action; amount: string }) => {
  const t = useTranslations("invoice");
  const id = useId();
  const [state, formAction, pending] = useActionState<InvoicePayAnswer, FormData>(action, INVOICE_PAY_START);
  const [values, setValues] = useState<CardValues>({ cardNumber: "", cardExpiry: "", cardCvc: "" });
  const [shown, setShown] = useState<{ error: string | null; fieldErrors: FieldErrors }>({ error: null, fieldErrors: [] });
  // what to focus after the next render: the alert, or a field; `n` makes a repeated request a new one
  const [focus, setFocus] = useState<{ target: string; n: number } | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const seenAttempt = useRef(0);
  const fieldId = (f: string) => `${id}-${f}`;
  const errorOf = (f: string) => shown.fieldErrors.find((e) => e.field === f)?.message ?? null;

  // A server answer: show it, clear the CVC after a decline (only the CVC), and move focus.
  useEffect(() => {
    if (state.attempt === 0 || state.attempt === seenAttempt.current) return;
    seenAttempt.current = state.attempt;
    if (state.declined) setValues((v) => ({ ...v, cardCvc: "" }));
    setShown({ error: state.error, fieldErrors: state.fieldErrors });
    const target = state.error ? "alert" : state.fieldErrors[0]?.field;
    if (target) setFocus((f) => ({ target, n: (f?.n ?? 0) + 1 }));
  }, [state]);

  useEffect(() => {
    if (!focus) return;
    if (focus.target === "alert") alertRef.current?.focus();
    else document.getElementById(`${id}-${focus.target}`)?.focus();
  }, [focus, id]);

  const issuesOf = (v: CardValues): FieldErrors =>
    cardIssues({ number: v.cardNumber, expiry: v.cardExpiry, cvc: v.cardCvc }).map((i) => ({ field: i.field, message: t(`errors.${i.code}`) }));

  /** A field being fixed: its error goes as soon as the value passes (others stay as they are). */
  const change = (f: CardField, value: string) => {
    const next = { ...values, [f]: value };
    setValues(next);
    if (!errorOf(f)) return;
    const issue = issuesOf(next).find((i) => i.field === f) ?? null;
    setShown((s) => {
      const others = s.fieldErrors.filter((e) => e.field !== f);
      const all = issue ? [...others, issue] : others;
      return { ...s, fieldErrors: all.sort((a, b) => CARD_FIELDS.indexOf(a.field as CardField) - CARD_FIELDS.indexOf(b.field as CardField)) };
    });
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    const issues = issuesOf(values);
    if (issues.length) {
      setShown({ error: null, fieldErrors: issues });
      setFocus((f) => ({ target: issues[0]!.field, n: (f?.n ?? 0) + 1 }));
      return;
    }
    const form = new FormData();
    form.set("method", "card");
    for (const f of CARD_FIELDS) form.set(f, values[f]);
    startTransition(() => formAction(form));
  };

  const input = (f: CardField) => ({ name: f, value: values[f], onChange: (e: { target: { value: string } }) => change(f, e.target.value) });

  return (
    <form action={formAction} onSubmit={submit} className="space-y-4" aria-labelledby={`${id}-card`} noValidate>
      <h2 id={`${id}-card`} className="text-base font-semibold text-slate-900">
        {t("card.heading")}
      </h2>
      {shown.error ? (
        <p ref={alertRef} tabIndex={-1} role="alert" className={alertClass}>
          {shown.error}
        </p>
      ) : null}
      <input type="hidden" name="method" value="card" />
      <Field id={fieldId("cardNumber")} label={t("card.number")} hint={t("card.numberHint", TEST_CARDS)} error={errorOf("cardNumber")}>
        {(p) => <Input {...p} {...input("cardNumber")} inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" required />}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={fieldId("cardExpiry")} label={t("card.expiry")} error={errorOf("cardExpiry")}>
          {(p) => <Input {...p} {...input("cardExpiry")} inputMode="numeric" autoComplete="cc-exp" placeholder="12/34" required />}
        </Field>
        <Field id={fieldId("cardCvc")} label={t("card.cvc")} error={errorOf("cardCvc")}>
          {(p) => <Input {...p} {...input("cardCvc")} inputMode="numeric" autoComplete="cc-csc" placeholder="123" required />}
        </Field>
      </div>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? (
          <>
            <Spinner />
            {t("card.paying")}
          </>
        ) : (
          t("card.pay", { amount })
        )}
      </Button>
    </form>
  );
};

export const InvoicePayForms = ({ action, amount }: { action: Action; amount: string }) => {
  const t = useTranslations("invoice");
  const id = useId();
  const [ach, achAction] = useActionState(action, INVOICE_PAY_START);
  return (
    <div className="space-y-6">
      <CardForm action={action} amount={amount} />
      <form action={achAction} className="space-y-3 border-t border-slate-200 pt-6" aria-labelledby={`${id}-ach`}>
        <h2 id={`${id}-ach`} className="text-base font-semibold text-slate-900">
          {t("ach.heading")}
        </h2>
        <p className="text-sm text-slate-600">{t("ach.intro")}</p>
        <Alert state={ach} />
        <input type="hidden" name="method" value="ach" />
        <SubmitButton pendingLabel={t("ach.starting")} spinner variant="secondary">
          {t("ach.pay", { amount })}
        </SubmitButton>
      </form>
    </div>
  );
};

/** Test mode only: the bank settles the ACH transfer now. */
export const SettleAchForm = ({ action }: { action: Action }) => {
  const t = useTranslations("invoice");
  const [state, formAction] = useActionState(action, INVOICE_PAY_START);
  return (
    <form action={formAction} className="space-y-3">
      <Alert state={state} />
      <input type="hidden" name="method" value="settle" />
      <SubmitButton pendingLabel={t("settle.settling")} spinner variant="secondary">
        {t("settle.button")}
      </SubmitButton>
    </form>
  );
};
