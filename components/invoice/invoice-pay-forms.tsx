"use client";
// The invoice page's bank transfer forms: start an ACH transfer (test mode), or, for one under way in test mode,
// the button that settles it. The card is paid through the one payment form (components/payment/payment-form.tsx).
// Words come from the "invoice" catalog (an IntlProvider of that namespace wraps these forms); `amount` is the
// amount due, already written the reader's way.
import { useActionState, useId } from "react";
import { useTranslations } from "use-intl";
import { SubmitButton } from "@/components/ui/button";
import { INVOICE_PAY_START, type InvoicePayState } from "@/lib/invoices/page-form-state";
import type { InvoicePayAnswer } from "./pay-state";

type Action = (prev: InvoicePayAnswer, form: FormData) => Promise<InvoicePayAnswer>;

const alertClass =
  "rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ring-inset focus:outline-2 focus:outline-offset-2 focus:outline-red-700";

const Alert = ({ state }: { state: InvoicePayState }) =>
  state.error ? (
    <p key={state.attempt} role="alert" className={alertClass}>
      {state.error}
    </p>
  ) : null;

export const AchPayForm = ({ action, amount }: { action: Action; amount: string }) => {
  const t = useTranslations("invoice");
  const id = useId();
  const [ach, achAction] = useActionState(action, INVOICE_PAY_START);
  return (
    <div>
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
