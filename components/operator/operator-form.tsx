"use client";
// The forms of the operator console: one server action each; its refusal shown as an alert, its success as a
// status line, and (enrolment) the recovery codes shown this once. A decision form has one submit button per
// decision (the pressed one's name and value reach the action).
import { useActionState, type ReactNode } from "react";
import { ErrorNotice } from "@/components/hosted/state-message";
import { SubmitButton } from "@/components/ui/button";
import type { ButtonVariant } from "@/components/ui/classes";

export type OperatorFormState = {
  error: string | null;
  notice: string | null;
  codes: string[] | null;
  /** with the codes: the signed proof that this sign-in just enrolled, which "open the console" turns into the cookie */
  proof?: string | null;
  attempt: number;
};
export type OperatorFormAction = (prev: OperatorFormState, form: FormData) => Promise<OperatorFormState>;
export const INITIAL_OPERATOR_STATE: OperatorFormState = { error: null, notice: null, codes: null, attempt: 0 };

export type OperatorButton = { label: string; pendingLabel: string; name?: string; value?: string; variant?: ButtonVariant };

export const OperatorForm = ({
  action,
  label,
  buttons,
  children,
  finish,
}: {
  action: OperatorFormAction;
  /** the form's accessible name */
  label: string;
  buttons: OperatorButton[];
  children?: ReactNode;
  /** the way on once the recovery codes are shown: a form posting the proof (setting a cookie in the action that
   * shows the codes would re-render the page, and the codes with it) */
  finish?: (form: FormData) => Promise<void>;
}) => {
  const [state, formAction] = useActionState(action, INITIAL_OPERATOR_STATE);
  if (state.codes)
    return (
      <div className="flex flex-col gap-3" data-testid="recovery-codes">
        {state.notice ? (
          <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset">
            {state.notice}
          </p>
        ) : null}
        <div className="rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300 ring-inset">
          <h2 className="text-base font-semibold text-amber-950">Your recovery codes</h2>
          <p className="mt-1 text-sm text-amber-950">
            Each code signs you in once if you lose your authenticator. Store them somewhere safe now: they are not shown again, and only their hashes are kept.
          </p>
          <ol className="mt-3 grid grid-cols-1 gap-2 font-mono text-sm text-slate-900 sm:grid-cols-2">
            {state.codes.map((c) => (
              <li key={c} className="rounded bg-white px-3 py-2 ring-1 ring-amber-200">
                {c}
              </li>
            ))}
          </ol>
        </div>
        {finish ? (
          <form action={finish} aria-label="Open the console">
            <input type="hidden" name="proof" value={state.proof ?? ""} />
            <SubmitButton pendingLabel="Opening…">I stored them: open the console</SubmitButton>
          </form>
        ) : null}
      </div>
    );
  return (
    <form action={formAction} aria-label={label} className="flex min-w-0 flex-col gap-3">
      {state.error ? <ErrorNotice key={state.attempt}>{state.error}</ErrorNotice> : null}
      {state.notice ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset">
          {state.notice}
        </p>
      ) : null}
      {children}
      <div className={`grid gap-2 ${buttons.length > 1 ? "sm:grid-cols-3" : ""}`}>
        {buttons.map((b) => (
          <SubmitButton key={`${b.name}:${b.value}:${b.label}`} name={b.name} value={b.value} pendingLabel={b.pendingLabel} variant={b.variant}>
            {b.label}
          </SubmitButton>
        ))}
      </div>
    </form>
  );
};
