"use client";
// The answer form of the business pages (approve or decline a platform link session, accept or decline an
// invite, revoke a platform's access): submit buttons told apart by their value, an optional choice of
// business, and the refusal announced as an alert. On success the server action redirects.
import { useActionState } from "react";
import { ErrorNotice } from "@/components/hosted/state-message";
import { SubmitButton } from "@/components/ui/button";
import type { ButtonVariant } from "@/components/ui/classes";

export type DecisionState = { error: string | null; attempt: number };
export type DecisionAction = (prev: DecisionState, form: FormData) => Promise<DecisionState>;

export type DecisionButton = { value: string; label: string; pendingLabel: string; variant?: ButtonVariant };
export type BusinessChoice = { id: string; label: string; disabled: boolean };

export const DecisionForm = ({
  action,
  buttons,
  choice,
}: {
  action: DecisionAction;
  buttons: DecisionButton[];
  /** a business to pick (the connect page); the first enabled one is checked */
  choice?: { legend: string; options: BusinessChoice[] };
}) => {
  const [state, formAction] = useActionState(action, { error: null, attempt: 0 });
  const first = choice?.options.find((o) => !o.disabled)?.id;
  return (
    <form action={formAction} className="flex flex-col gap-3">
      {state.error ? <ErrorNotice key={state.attempt}>{state.error}</ErrorNotice> : null}
      {choice ? (
        <fieldset className="min-w-0">
          <legend className="text-sm font-medium text-slate-800">{choice.legend}</legend>
          <div className="mt-2 space-y-2">
            {choice.options.map((o) => (
              <label
                key={o.id}
                className={`flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-200 ring-inset ${o.disabled ? "text-slate-500" : "cursor-pointer text-slate-900 hover:bg-slate-50"}`}
              >
                <input
                  type="radio"
                  name="businessId"
                  value={o.id}
                  defaultChecked={o.id === first}
                  disabled={o.disabled}
                  className="size-4 shrink-0 accent-slate-900"
                />
                <span className="min-w-0 [overflow-wrap:anywhere]">{o.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {buttons.map((b) => (
        <SubmitButton key={b.value} name="decision" value={b.value} pendingLabel={b.pendingLabel} variant={b.variant}>
          {b.label}
        </SubmitButton>
      ))}
    </form>
  );
};
