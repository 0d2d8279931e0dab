"use client";
// A small form of the activation pages (upload a document, remove one): its server action's refusal as an alert,
// its success as a status line, then the fields and one submit button (a file field makes React send multipart).
import { useActionState, type ReactNode } from "react";
import { ErrorNotice } from "@/components/hosted/state-message";
import { SubmitButton } from "@/components/ui/button";
import type { ButtonVariant } from "@/components/ui/classes";
import { ACTIVATION_FORM_START, type ActivationFormAction } from "./activation-state";

export const ActivationActionForm = ({
  action,
  label,
  submit,
  pendingLabel,
  variant,
  children,
}: {
  action: ActivationFormAction;
  label: string;
  submit: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  children?: ReactNode;
}) => {
  const [state, formAction] = useActionState(action, ACTIVATION_FORM_START);
  return (
    <form action={formAction} aria-label={label} className="flex min-w-0 flex-col gap-3">
      {state.error ? <ErrorNotice key={state.attempt}>{state.error}</ErrorNotice> : null}
      {state.notice ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset">
          {state.notice}
        </p>
      ) : null}
      {children}
      <SubmitButton pendingLabel={pendingLabel} variant={variant}>
        {submit}
      </SubmitButton>
    </form>
  );
};
