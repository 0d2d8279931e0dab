// A labelled form field: the label, the control, a hint under it, and the error, with the control's
// aria-invalid and aria-describedby wired to them. The control is rendered by `children`, which gets
// the attributes to spread on it.
import type { ReactNode } from "react";
import { hintClass, labelClass } from "./classes";

export type FieldControlProps = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

type FieldProps = {
  /** the control's id; the hint is `${id}-hint` and a shown error `${id}-error` */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** the error of this field: a message shown under it, or true when the message is shown elsewhere (`errorId`) */
  error?: string | boolean | null;
  /** the element that says the error when it is not shown under the field (e.g. the form's alert) */
  errorId?: string;
  /** something beside the label, e.g. a "Forgot password?" link */
  aside?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

export const fieldControlProps = ({ id, hint, error, errorId }: Pick<FieldProps, "id" | "hint" | "error" | "errorId">): FieldControlProps => ({
  id,
  "aria-invalid": error ? true : undefined,
  "aria-describedby": [hint ? `${id}-hint` : null, error ? (errorId ?? `${id}-error`) : null].filter(Boolean).join(" ") || undefined,
});

export const Field = ({ id, label, hint, error, errorId, aside, className = "min-w-0", children }: FieldProps) => {
  const labelEl = (
    <label htmlFor={id} className={labelClass}>
      {label}
    </label>
  );
  return (
    <div className={className}>
      {aside ? (
        <div className="flex items-baseline justify-between gap-3">
          {labelEl}
          {aside}
        </div>
      ) : (
        labelEl
      )}
      <div className="mt-1.5">{children(fieldControlProps({ id, hint, error, errorId }))}</div>
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {typeof error === "string" && error && !errorId ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
};
