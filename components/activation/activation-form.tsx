"use client";
// The activation application form of both pages: the business, its registered address and its representative,
// prefilled from the draft (or, once submitted, shown read-only). Two buttons: "Save draft" and "Submit for
// review", told apart by `intent`. A refused submit keeps what was typed, shows one alert and each field's message
// under it (aria-invalid, aria-describedby), and moves focus to the alert.
import { useActionState, useEffect, useRef, type ReactNode } from "react";
import { ErrorNotice } from "@/components/hosted/state-message";
import { SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { inputClass } from "@/components/ui/classes";
import type { ApplicationField, ApplicationForm } from "@/lib/activation/schemas";
import { ACTIVATION_FORM_START, type ActivationFormAction } from "./activation-state";
import type { ActivationWords } from "./activation-words";

type Spec = { field: ApplicationField; type?: string; autoComplete?: string; maxLength: number; hint?: string; wide?: boolean; multiline?: boolean };

const SECTIONS: { title: "business" | "address" | "representative"; hint?: string; fields: Spec[] }[] = [
  {
    title: "business",
    fields: [
      { field: "legalName", autoComplete: "organization", maxLength: 200, hint: "legalNameHint", wide: true },
      { field: "registrationNumber", maxLength: 64, hint: "registrationNumberHint" },
      { field: "taxId", maxLength: 64, hint: "taxIdHint" },
      { field: "website", type: "url", autoComplete: "url", maxLength: 2048, hint: "websiteHint", wide: true },
      { field: "productDescription", maxLength: 2000, hint: "productDescriptionHint", wide: true, multiline: true },
    ],
  },
  {
    title: "address",
    fields: [
      { field: "addressLine1", autoComplete: "address-line1", maxLength: 200, wide: true },
      { field: "addressLine2", autoComplete: "address-line2", maxLength: 200, wide: true },
      { field: "city", autoComplete: "address-level2", maxLength: 100 },
      { field: "state", autoComplete: "address-level1", maxLength: 100 },
      { field: "postalCode", autoComplete: "postal-code", maxLength: 20 },
      { field: "country", autoComplete: "country", maxLength: 2, hint: "countryHint" },
    ],
  },
  {
    title: "representative",
    hint: "representativeHint",
    fields: [
      { field: "representativeFirstName", autoComplete: "off", maxLength: 100 },
      { field: "representativeLastName", autoComplete: "off", maxLength: 100 },
      { field: "representativeDateOfBirth", type: "date", autoComplete: "off", maxLength: 10, hint: "representativeDateOfBirthHint" },
      { field: "representativeEmail", type: "email", autoComplete: "off", maxLength: 254 },
    ],
  },
];

/** A submitted application is shown in a disabled fieldset: its fields look read-only. */
const READ_ONLY = "disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-800 disabled:shadow-none";

/** Puts the submitted values back into the form's fields (React resets a form after its action). */
const restore = (form: HTMLFormElement, values: FormData) => {
  for (const el of Array.from(form.elements))
    if ((el instanceof HTMLInputElement && el.type !== "hidden") || el instanceof HTMLTextAreaElement) {
      const v = values.get(el.name);
      if (typeof v === "string") el.value = v;
    }
};

export const ActivationForm = ({
  action,
  values,
  words,
  editable,
  idPrefix = "kyb",
  children,
}: {
  action: ActivationFormAction;
  values: ApplicationForm;
  words: ActivationWords;
  /** false: the submitted application, read-only, without buttons */
  editable: boolean;
  idPrefix?: string;
  /** shown between the fields and the buttons (e.g. a reminder about documents) */
  children?: ReactNode;
}) => {
  const [state, formAction] = useActionState(action, ACTIVATION_FORM_START);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const sent = useRef<FormData | null>(null);
  useEffect(() => {
    if (state.attempt === 0) return;
    if (state.error && sent.current && formRef.current) restore(formRef.current, sent.current);
    if (state.error) alertRef.current?.focus();
  }, [state]);
  const errorOf = (f: ApplicationField) => {
    const e = state.fieldErrors.find((x) => x.field === f);
    if (!e) return null;
    return words.invalid?.[f] ?? e.message.charAt(0).toUpperCase() + e.message.slice(1);
  };
  const w = words.form;
  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={(e) => void (sent.current = new FormData(e.currentTarget))}
      aria-label={w.title}
      className="flex min-w-0 flex-col gap-6"
      noValidate
    >
      {state.error ? (
        <div ref={alertRef} tabIndex={-1} className="outline-none">
          <ErrorNotice key={state.attempt}>{state.error}</ErrorNotice>
        </div>
      ) : null}
      {state.notice ? (
        <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset">
          {state.notice}
        </p>
      ) : null}
      {SECTIONS.map((s) => (
        <fieldset key={s.title} className="min-w-0" disabled={!editable}>
          <legend className="text-base font-semibold text-slate-900">{w[s.title]}</legend>
          {s.hint ? <p className="mt-1 text-sm text-slate-700">{w[s.hint]}</p> : null}
          <div className="@container mt-3">
            <div className="grid gap-4 @md:grid-cols-2">
              {s.fields.map((f) => {
                const id = `${idPrefix}-${f.field}`;
                return (
                  <Field
                    key={f.field}
                    id={id}
                    label={w[f.field]}
                    hint={f.hint ? w[f.hint] : undefined}
                    error={errorOf(f.field)}
                    className={f.wide ? "min-w-0 @md:col-span-2" : "min-w-0"}
                  >
                    {(c) =>
                      f.multiline ? (
                        <textarea
                          {...c}
                          name={f.field}
                          rows={4}
                          maxLength={f.maxLength}
                          defaultValue={values[f.field] ?? ""}
                          className={`${inputClass} ${READ_ONLY} resize-y`}
                        />
                      ) : (
                        <Input
                          {...c}
                          name={f.field}
                          type={f.type ?? "text"}
                          maxLength={f.maxLength}
                          autoComplete={f.autoComplete}
                          defaultValue={values[f.field] ?? ""}
                          className={`${READ_ONLY} ${f.field === "country" ? "uppercase" : ""}`}
                        />
                      )
                    }
                  </Field>
                );
              })}
            </div>
          </div>
        </fieldset>
      ))}
      {children}
      {editable ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <SubmitButton name="intent" value="save" pendingLabel={w.saving} variant="secondary">
            {w.save}
          </SubmitButton>
          <SubmitButton name="intent" value="submit" pendingLabel={w.submitting}>
            {w.submit}
          </SubmitButton>
        </div>
      ) : null}
    </form>
  );
};
