"use client";
// A small form of the activation pages (upload a document, remove one): its server action's refusal as an alert,
// its success as a status line, then the fields and one submit button (a file field makes React send multipart).
import { useActionState, useState, type FormEvent, type ReactNode } from "react";
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
  fileLimit,
}: {
  action: ActivationFormAction;
  label: string;
  submit: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  children?: ReactNode;
  /**
   * A file larger than `maxBytes` is refused here with `message`, before it is sent: the server would refuse it too
   * (the document cap), but one past the server actions' body limit would never reach the form's answer.
   */
  fileLimit?: { maxBytes: number; message: string };
}) => {
  const [state, formAction] = useActionState(action, ACTIVATION_FORM_START);
  const [tooLarge, setTooLarge] = useState<{ attempt: number } | null>(null);
  const check = (e: FormEvent<HTMLFormElement>) => {
    if (!fileLimit) return;
    const files = [...new FormData(e.currentTarget).values()].filter((v): v is File => v instanceof File);
    if (files.some((f) => f.size > fileLimit.maxBytes)) {
      e.preventDefault();
      setTooLarge((prev) => ({ attempt: (prev?.attempt ?? 0) + 1 }));
    } else setTooLarge(null);
  };
  const error = tooLarge ? fileLimit!.message : state.error;
  return (
    <form action={formAction} onSubmit={check} aria-label={label} className="flex min-w-0 flex-col gap-3">
      {error ? <ErrorNotice key={tooLarge ? `c${tooLarge.attempt}` : state.attempt}>{error}</ErrorNotice> : null}
      {state.notice && !tooLarge ? (
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
