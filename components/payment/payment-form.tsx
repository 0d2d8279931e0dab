"use client";
// The one payment form of the hosted pages: the checkout, the fund page and the invoice page all pay through
// it, so the card is typed, checked, refused and announced the same way everywhere. In order: an amount the
// payer chooses (a campaign's fund page), the guest's email (a redirect checkout), the method picker (shown
// when there is more than one method), the card fields in test mode (a live card is typed on Stripe's page),
// and Pay, which always names the amount ("Pay USD 4.99"). Its words are the "checkout" catalog's `form`,
// `method` and `errors` sections (the page wraps it in that IntlProvider); the page passes what differs. Its
// colours are the checkout theme's --co-* variables, with the hosted pages' slate palette where none is set.
//
// One state drives everything: the chosen method and what was typed live in React state, and the form is
// never reset (it submits through onSubmit + a transition, not through React's form action, which resets
// the form and leaves controlled radios out of step). So the checked radio, the highlighted tile, the
// fields on screen and what Pay sends are always the same thing, and a refused attempt keeps every value;
// after a decline only the CVC is cleared.
//
// The browser checks the fields (pay-fields.ts: Luhn, MM/YY not in the past, the email) before sending;
// the server checks them again with the same rules and stays the authority. Each error sits under its
// field (aria-invalid, aria-describedby) in screen order and is announced; a message about the attempt
// itself (a decline) is an alert placed just before the field it concerns, focused, so one Tab reaches it.
import { startTransition, useActionState, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "use-intl";
import { payFormIssues, type PayField, type PayFormInput } from "@/lib/checkout/pay-fields";
import { PAY_START } from "@/lib/hosted/form-state";

/**
 * What a pay action answers (lib/hosted/form-state.ts PayState; the fund and invoice states are the same
 * shape): `error` about the attempt, shown just before `field` (absent: at the top); errors per field; and
 * whether the card was declined (the CVC is then cleared, and only the CVC).
 */
export type PaymentAnswer = {
  error: string | null;
  field?: string | null;
  fieldErrors: { field: string; message: string }[];
  declined?: boolean;
  attempt: number;
};
import type { MethodOption } from "@/components/checkout/method-options";
import { formatMoney } from "@/lib/i18n/format";
import { isLocale } from "@/lib/i18n/locales";
import { Button, Spinner } from "@/components/ui/button";
import { labelClass } from "@/components/ui/classes";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

type Props<S extends PaymentAnswer> = {
  action: (prev: S, form: FormData) => Promise<S>;
  /** the action's state before any attempt (default: the checkout's PAY_START) */
  start?: S;
  options: MethodOption[];
  defaultMethod: string;
  /** the email field: required (a guest on a redirect checkout), or absent (signed in, or a grant: its account is known) */
  email: { initial: string } | null;
  /** the card is typed on this page (test mode's sandbox); live cards are typed on Stripe's page */
  cardFields: boolean;
  /** a note above the form (the last payment failed away from this page), or null */
  notice: string | null;
  /** an amount the payer chooses (USD), sent as `amount`: its label and hint; Pay then names what was typed */
  amount?: { label: string; hint: string } | null;
  /** false: one method, named by the page's heading ("Pay by card"), so no picker; the checkout always shows its methods */
  showMethods?: boolean;
};

type FieldErrors = { field: string; message: string }[];
type Shown = { error: string | null; field: string | null; fieldErrors: FieldErrors };
type Values = Omit<PayFormInput, "method"> & { amount: string };

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

/** The USD cents of a typed amount ("125.50", "$125,5"), or null while it is not one. */
const typedCents = (raw: string): number | null => {
  const v = raw.replace(/[\s$]/g, "").replace(",", ".");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(v)) return null;
  const cents = Math.round(Number(v) * 100);
  return cents > 0 ? cents : null;
};

export const PaymentForm = <S extends PaymentAnswer>({
  action,
  start,
  options,
  defaultMethod,
  email,
  cardFields,
  notice,
  amount = null,
  showMethods = true,
}: Props<S>) => {
  const t = useTranslations("checkout");
  const rawLocale = useLocale();
  const locale = isLocale(rawLocale) ? rawLocale : "en";
  const id = useId();
  const [state, formAction, pending] = useActionState<S, FormData>(
    action as (prev: Awaited<S>, form: FormData) => Promise<S>,
    (start ?? PAY_START) as Awaited<S>,
  );
  const [method, setMethod] = useState(defaultMethod);
  const [values, setValues] = useState<Values>({ amount: "", email: email?.initial ?? "", cardNumber: "", cardExpiry: "", cardCvc: "" });
  const [shown, setShown] = useState<Shown>({ error: null, field: null, fieldErrors: [] });
  // what to focus after the next render: the alert, or a field; `n` makes a repeated request a new one
  const [focus, setFocus] = useState<{ target: string; n: number } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const seenAttempt = useRef(0);

  const selected = options.find((o) => o.value === method) ?? null;
  const card = method === "card";
  const showCard = card && cardFields;
  const fieldId = (f: string) => `${id}-${f}`;
  const errorOf = (f: string) => shown.fieldErrors.find((e) => e.field === f)?.message ?? null;
  const emailMode = email ? "required" : "none";

  // A server answer: show it, clear the CVC after a decline (only the CVC), and move focus.
  useEffect(() => {
    if (state.attempt === 0 || state.attempt === seenAttempt.current) return;
    seenAttempt.current = state.attempt;
    if (state.declined) setValues((v) => ({ ...v, cardCvc: "" }));
    setShown({ error: state.error, field: state.field ?? null, fieldErrors: state.fieldErrors });
    const target = state.error ? "alert" : state.fieldErrors[0]?.field;
    if (target) setFocus((f) => ({ target, n: (f?.n ?? 0) + 1 }));
  }, [state]);

  useEffect(() => {
    if (!focus) return;
    if (focus.target === "alert") alertRef.current?.focus();
    else document.getElementById(fieldId(focus.target))?.focus();
    // fieldId depends on the stable useId only
  }, [focus]);

  const issuesOf = (v: Values, m: string) =>
    payFormIssues({ ...v, method: m }, { email: emailMode, cardFields }).map((i) => ({ field: i.field, message: t(`errors.${i.code}`) }));

  /** Re-checks one field as the payer types or leaves it: an error shows on leaving a filled field, and goes as soon as it is fixed. */
  const recheck = (f: PayField, v: Values, { leaving }: { leaving: boolean }) => {
    const had = errorOf(f) !== null;
    if (!had && !(leaving && v[f as keyof Values]?.trim())) return;
    if (f === ("amount" as PayField)) return;
    const issue = issuesOf(v, method).find((i) => i.field === f) ?? null;
    setShown((s) => {
      const others = s.fieldErrors.filter((e) => e.field !== f);
      return { ...s, fieldErrors: issue ? [...others, issue].sort((a, b) => order(a.field) - order(b.field)) : others };
    });
  };
  const order = (f: string) => ["amount", "email", "method", "cardNumber", "cardExpiry", "cardCvc"].indexOf(f);

  const change = (f: keyof Values, raw: string) => {
    const value = f === "cardNumber" ? formatCardNumber(raw) : f === "cardExpiry" ? formatExpiry(raw) : raw;
    const next = { ...values, [f]: value };
    setValues(next);
    // the server judges a chosen amount (its limits are the session's); its error goes once it changes
    if (f === "amount") setShown((s) => ({ ...s, fieldErrors: s.fieldErrors.filter((e) => e.field !== "amount") }));
    else recheck(f as PayField, next, { leaving: false });
  };

  const choose = (value: string) => {
    setMethod(value);
    // errors of fields that are no longer on the screen go with them; a message about the last attempt stays
    setShown((s) => ({
      ...s,
      fieldErrors: value === "card" ? s.fieldErrors : s.fieldErrors.filter((e) => !e.field.startsWith("card") && e.field !== "email"),
    }));
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    const issues = issuesOf(values, method);
    if (issues.length) {
      setShown({ error: null, field: null, fieldErrors: issues });
      setFocus((f) => ({ target: issues[0]!.field, n: (f?.n ?? 0) + 1 }));
      return;
    }
    // What Pay sends is the state on screen: the chosen method and, for a card, the typed card.
    const form = new FormData();
    form.set("method", method);
    if (amount) form.set("amount", values.amount);
    if (email && card) form.set("email", values.email);
    if (showCard) {
      form.set("cardNumber", values.cardNumber);
      form.set("cardExpiry", values.cardExpiry);
      form.set("cardCvc", values.cardCvc);
    }
    startTransition(() => formAction(form));
  };

  if (!options.length) return <p className="text-sm">{t("page.cannotBuy")}</p>;

  // Pay names the amount: the method's price, or the amount typed (plain "Pay" until it is one)
  const chosen = amount ? typedCents(values.amount) : null;
  const amountLabel = amount ? (chosen === null ? null : formatMoney(locale, chosen, "USD")) : (selected?.amountLabel ?? null);
  const payLabel =
    !selected || selected.disabledReason || !amountLabel
      ? t("form.payPlain")
      : card && !cardFields
        ? t("form.continueToCard", { amount: amountLabel })
        : t("form.pay", { amount: amountLabel });
  // The alert about the attempt sits just before the field it concerns, so one Tab from it reaches that field.
  const slot = !shown.error
    ? null
    : shown.field === "email" && email
      ? "email"
      : shown.field?.startsWith("card") && showCard
        ? "card"
        : shown.field
          ? "method"
          : "top";
  const fieldErrors = shown.fieldErrors.filter((e) => e.field !== shown.field || !shown.error);
  const alert = (
    <div
      ref={alertRef}
      tabIndex={-1}
      id={`${id}-alert`}
      role="alert"
      data-testid="pay-alert"
      className="rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800 ring-1 ring-red-200 ring-inset focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
    >
      {shown.error}
    </div>
  );
  const errorText = (f: string) => {
    const message = errorOf(f);
    return message ? (
      <p id={`${fieldId(f)}-error`} className="mt-1.5 text-sm font-medium text-[var(--co-error,#b91c1c)]" data-testid={`error-${f}`}>
        {message}
      </p>
    ) : null;
  };
  const control = (f: PayField, hint?: string) => ({
    id: fieldId(f),
    "aria-invalid": errorOf(f) ? (true as const) : undefined,
    "aria-describedby": [hint ? `${fieldId(f)}-hint` : null, errorOf(f) ? `${fieldId(f)}-error` : null].filter(Boolean).join(" ") || undefined,
  });

  return (
    <form action={formAction} onSubmit={submit} noValidate className="space-y-5" data-testid="pay-form">
      {notice ? <p className="rounded-lg bg-[var(--co-page,#f1f5f9)] px-3 py-2.5 text-sm text-[var(--co-text,#334155)]">{notice}</p> : null}
      {slot === "top" ? alert : null}
      {/* every field error at once, in screen order, announced when it appears */}
      <p role="status" className="sr-only" data-testid="error-summary">
        {fieldErrors.length ? t("form.fixFields", { count: fieldErrors.length, messages: fieldErrors.map((e) => e.message).join(" ") }) : ""}
      </p>

      {amount ? (
        <Field id={fieldId("amount")} label={amount.label} hint={amount.hint}>
          {() => (
            <>
              <Input
                {...control("amount" as PayField, amount.hint)}
                name="amount"
                inputMode="decimal"
                autoComplete="transaction-amount"
                placeholder="100.00"
                value={values.amount}
                onChange={(e) => change("amount", e.currentTarget.value)}
              />
              {errorText("amount")}
            </>
          )}
        </Field>
      ) : null}

      {email && card ? (
        <div className="space-y-3">
          {slot === "email" ? alert : null}
          <Field id={fieldId("email")} label={t("form.email")} hint={t("form.emailHint")}>
            {() => (
              <>
                <Input
                  {...control("email", "hint")}
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  value={values.email}
                  onChange={(e) => change("email", e.currentTarget.value)}
                  onBlur={() => recheck("email", values, { leaving: true })}
                  placeholder={t("form.emailPlaceholder")}
                />
                {errorText("email")}
              </>
            )}
          </Field>
        </div>
      ) : null}

      {slot === "method" ? alert : null}
      {showMethods || options.length > 1 ? (
        <fieldset aria-describedby={errorOf("method") ? `${fieldId("method")}-error` : undefined}>
          <legend className={labelClass}>{t("method.legend")}</legend>
          <div className="mt-1.5 grid gap-2">
            {options.map((o) => (
              <label
                key={o.value}
                data-testid={`method-${o.value}`}
                data-selected={method === o.value ? "true" : "false"}
                className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-[var(--co-primary,#0f172a)] ${
                  method === o.value ? "border-[var(--co-primary,#0f172a)] ring-1 ring-[var(--co-primary,#0f172a)]" : "border-[var(--co-border,#cbd5e1)]"
                } ${o.disabledReason ? "cursor-not-allowed opacity-60" : ""}`}
              >
                <input
                  type="radio"
                  name="method"
                  value={o.value}
                  checked={method === o.value}
                  disabled={Boolean(o.disabledReason)}
                  onChange={() => choose(o.value)}
                  className="size-5 shrink-0 accent-[var(--co-primary,#0f172a)]"
                />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-[var(--co-title,#0f172a)]">{o.label}</span>
                  <span className="block text-xs text-[var(--co-label,#475569)]">{o.disabledReason ?? o.detail}</span>
                </span>
                <span className="shrink-0 text-sm font-semibold text-[var(--co-lines,#334155)]">{o.amountLabel}</span>
              </label>
            ))}
          </div>
          {errorText("method")}
        </fieldset>
      ) : null}

      {showCard ? (
        <div className="space-y-4">
          {slot === "card" ? alert : null}
          <Field id={fieldId("cardNumber")} label={t("form.cardNumber")}>
            {() => (
              <>
                <Input
                  {...control("cardNumber")}
                  name="cardNumber"
                  autoComplete="cc-number"
                  inputMode="numeric"
                  placeholder="1234 1234 1234 1234"
                  value={values.cardNumber}
                  onChange={(e) => change("cardNumber", e.currentTarget.value)}
                  onBlur={() => recheck("cardNumber", values, { leaving: true })}
                  className="font-mono tracking-wide"
                />
                {errorText("cardNumber")}
              </>
            )}
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field id={fieldId("cardExpiry")} label={t("form.expiry")}>
              {() => (
                <>
                  <Input
                    {...control("cardExpiry")}
                    name="cardExpiry"
                    autoComplete="cc-exp"
                    inputMode="numeric"
                    placeholder={t("form.expiryPlaceholder")}
                    value={values.cardExpiry}
                    onChange={(e) => change("cardExpiry", e.currentTarget.value)}
                    onBlur={() => recheck("cardExpiry", values, { leaving: true })}
                  />
                  {errorText("cardExpiry")}
                </>
              )}
            </Field>
            <Field id={fieldId("cardCvc")} label={t("form.cvc")}>
              {() => (
                <>
                  <Input
                    {...control("cardCvc")}
                    name="cardCvc"
                    autoComplete="cc-csc"
                    inputMode="numeric"
                    maxLength={4}
                    placeholder="123"
                    value={values.cardCvc}
                    onChange={(e) => change("cardCvc", e.currentTarget.value)}
                    onBlur={() => recheck("cardCvc", values, { leaving: true })}
                  />
                  {errorText("cardCvc")}
                </>
              )}
            </Field>
          </div>
        </div>
      ) : null}
      {card && !cardFields ? <p className="text-sm text-[var(--co-label,#475569)]">{t("form.liveCard")}</p> : null}

      <Button type="submit" size="lg" disabled={pending || Boolean(selected?.disabledReason)}>
        {pending ? (
          <>
            <Spinner />
            {t("form.processing")}
          </>
        ) : (
          payLabel
        )}
      </Button>
      <p className="flex items-center justify-center gap-1.5 text-xs text-[var(--co-label,#475569)]">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V8a4 4 0 0 1 8 0v3" />
        </svg>
        {t("form.secure")}
      </p>
      {showCard ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs leading-5 text-amber-900 ring-1 ring-amber-200 ring-inset" data-testid="test-cards">
          {t("form.testCards", { ok: "4242 4242 4242 4242", declined: "4000 0000 0000 0002" })}
        </p>
      ) : null}
    </form>
  );
};
