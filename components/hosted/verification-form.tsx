"use client";
// The identity verification form of /account/verification: legal name, date of birth, address and one
// identity document, for one environment. Every word comes translated from the page (the "account" catalog);
// a refusal is announced in an alert and each field at fault says why under it. Success redirects to the page.
import { useActionState } from "react";
import { ErrorNotice } from "@/components/hosted/state-message";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { inputClass } from "@/components/ui/classes";
import type { VerificationField } from "@/lib/business-users/compliance-form";
import type { VerificationFormState } from "@/lib/hosted/form-state";

export type VerificationFormWords = {
  labels: Record<VerificationField, string>;
  hints: { dateOfBirth: string; country: string; document: string };
  optional: string;
  submit: string;
  pending: string;
};

export type VerificationDefaults = Partial<Record<Exclude<VerificationField, "document">, string>>;

export const VerificationForm = ({
  action,
  environment,
  words,
  defaults,
}: {
  action: (prev: VerificationFormState, form: FormData) => Promise<VerificationFormState>;
  environment: "test" | "live";
  words: VerificationFormWords;
  defaults: VerificationDefaults;
}) => {
  const [state, formAction] = useActionState(action, { error: null, fieldErrors: [], attempt: 0 });
  const errorOf = (f: VerificationField) => state.fieldErrors.find((e) => e.field === f)?.message ?? null;
  const id = (f: VerificationField) => `${environment}-${f}`;
  const text = (
    f: Exclude<VerificationField, "document">,
    props: { autoComplete: string; type?: string; optional?: boolean; hint?: string; maxLength?: number },
  ) => (
    <Field id={id(f)} label={props.optional ? `${words.labels[f]} ${words.optional}` : words.labels[f]} hint={props.hint} error={errorOf(f)}>
      {(c) => (
        <Input
          {...c}
          name={f}
          type={props.type ?? "text"}
          defaultValue={state.values?.[f] ?? defaults[f] ?? ""}
          required={!props.optional}
          maxLength={props.maxLength ?? 200}
          autoComplete={props.autoComplete}
        />
      )}
    </Field>
  );
  return (
    // keyed by attempt: React resets a form after its action, so the fields mount again with what was typed
    <form key={state.attempt} action={formAction} className="mt-4 flex flex-col gap-4" noValidate>
      {state.error ? <ErrorNotice key={state.attempt}>{state.error}</ErrorNotice> : null}
      <input type="hidden" name="environment" value={environment} />
      {text("legalName", { autoComplete: "name" })}
      {text("dateOfBirth", { autoComplete: "bday", type: "date", hint: words.hints.dateOfBirth })}
      {text("line1", { autoComplete: "address-line1" })}
      {text("line2", { autoComplete: "address-line2", optional: true })}
      <div className="grid gap-4 sm:grid-cols-2">
        {text("city", { autoComplete: "address-level2" })}
        {text("state", { autoComplete: "address-level1", optional: true })}
        {text("postalCode", { autoComplete: "postal-code", maxLength: 20 })}
        {text("country", { autoComplete: "country", hint: words.hints.country, maxLength: 2 })}
      </div>
      <Field id={id("document")} label={words.labels.document} hint={words.hints.document} error={errorOf("document")}>
        {(c) => (
          <input
            {...c}
            type="file"
            name="document"
            required
            accept="application/pdf,image/png,image/jpeg,image/webp"
            className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-semibold`}
          />
        )}
      </Field>
      <SubmitButton pendingLabel={words.pending}>{words.submit}</SubmitButton>
    </form>
  );
};
