"use client";
// The forms of the portal: one server action each (through the hosted action kernel), its refusal shown as
// an alert, its success as a status line and, for a new or rotated key, the raw key shown this once with a
// copy button. The key lives only in this form's state: a reload (or leaving the page) forgets it.
import { useActionState, useEffect, useRef, useState, type ReactNode } from "react";
import { CopyButton } from "@/components/hosted/copy-button";
import { ErrorNotice } from "@/components/hosted/state-message";
import { SubmitButton } from "@/components/ui/button";
import { buttonClass, type ButtonVariant } from "@/components/ui/classes";
import { PortalDialog } from "./portal-dialog";

export type PortalFormState = {
  error: string | null;
  notice: string | null;
  /** `note` replaces the "shown once, only its hash is stored" line (e.g. a webhook secret, which can be revealed again) */
  secret: { heading: string; value: string; note?: string } | null;
  attempt: number;
  /** each field at fault with its message, for a form that shows them under its fields (portalAction's `fieldErrors`) */
  fieldErrors?: { field: string; message: string }[];
};
export type PortalAction = (prev: PortalFormState, form: FormData) => Promise<PortalFormState>;

export const INITIAL_FORM_STATE: PortalFormState = { error: null, notice: null, secret: null, attempt: 0 };

const COPY_WORDS = { copy: "Copy", copied: "Copied", announced: "Key copied to the clipboard", failed: "Could not copy: select the key and copy it." };

/** Puts the submitted values back into the form's text fields, selects and checkboxes. */
const restoreValues = (form: HTMLFormElement, values: FormData) => {
  for (const el of Array.from(form.elements)) {
    if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) el.checked = values.getAll(el.name).includes(el.value);
    else if (
      (el instanceof HTMLInputElement && el.type !== "hidden" && el.type !== "file") ||
      el instanceof HTMLTextAreaElement ||
      el instanceof HTMLSelectElement
    ) {
      const v = el.name ? values.get(el.name) : null;
      if (typeof v === "string") el.value = v;
    }
  }
};

/** A raw key or secret, shown this once, with a copy button. */
const SecretBox = ({ secret }: { secret: NonNullable<PortalFormState["secret"]> }) => (
  <div className="rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300 ring-inset" data-testid="raw-key-box">
    <p className="text-sm font-semibold text-amber-950">{secret.heading}</p>
    <p className="mt-1 text-xs text-amber-950">{secret.note ?? "Copy it now: it is not shown again. Only its hash is stored."}</p>
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <code data-testid="raw-key" className="min-w-0 flex-1 rounded bg-white px-2 py-2 font-mono text-xs break-all text-slate-900 ring-1 ring-amber-200">
        {secret.value}
      </code>
      <CopyButton value={secret.value} words={COPY_WORDS} />
    </div>
  </div>
);

export const PortalForm = ({
  action,
  children,
  submit,
  pendingLabel,
  variant,
  label,
  keepValuesOnError = false,
  secretInDialog = false,
  noValidate = false,
  fields,
}: {
  action: PortalAction;
  children?: ReactNode;
  submit: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  /** the form's accessible name */
  label: string;
  /** after a refusal, put back what was typed (React resets a form after every action; long forms keep their values) */
  keepValuesOnError?: boolean;
  /** show a new secret (a rotated key) in a modal dialog of its own, not inside the form */
  secretInDialog?: boolean;
  /** leave checking to the server (its messages show under the fields), not the browser's bubbles */
  noValidate?: boolean;
  /** the fields, drawn from the form's state (a client component's form: errors under each field) */
  fields?: (state: PortalFormState) => ReactNode;
}) => {
  const [state, formAction] = useActionState(action, INITIAL_FORM_STATE);
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef<FormData | null>(null);
  // the attempt whose secret's dialog was closed: a new secret (a later attempt) opens it again
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const closeDialog = () => setClosedFor(state.attempt);
  useEffect(() => {
    if (keepValuesOnError && state.error && sent.current && formRef.current) restoreValues(formRef.current, sent.current);
  }, [keepValuesOnError, state]);
  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={keepValuesOnError ? (e) => void (sent.current = new FormData(e.currentTarget)) : undefined}
      aria-label={label}
      noValidate={noValidate || undefined}
      className="flex min-w-0 flex-col gap-3"
    >
      {state.error ? <ErrorNotice key={state.attempt}>{state.error}</ErrorNotice> : null}
      {state.notice ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset">
          {state.notice}
        </p>
      ) : null}
      {state.secret && !secretInDialog ? <SecretBox secret={state.secret} /> : null}
      {state.secret && secretInDialog ? (
        <PortalDialog open={closedFor !== state.attempt} onClose={closeDialog} title={state.secret.heading} testId="secret-dialog">
          <SecretBox secret={state.secret} />
          <button type="button" onClick={closeDialog} className={buttonClass({ variant: "secondary" })}>
            I have copied it
          </button>
        </PortalDialog>
      ) : null}
      {fields ? fields(state) : null}
      {children}
      <SubmitButton pendingLabel={pendingLabel} variant={variant}>
        {submit}
      </SubmitButton>
    </form>
  );
};
