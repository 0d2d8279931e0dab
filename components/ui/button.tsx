"use client";
// The button primitive, and the one submit button of every hosted form: it shows progress while the
// form's server action runs (useFormStatus), so it must sit inside the <form>.
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { buttonClass, type ButtonSize, type ButtonVariant } from "./classes";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export const Button = ({ variant, size, className = "", type = "button", ...rest }: ButtonProps) => (
  <button type={type} className={`${buttonClass({ variant, size })} ${className}`.trim()} {...rest} />
);

/** A small spinner for a pending button; hidden from assistive technology (the label says it). */
export const Spinner = () => <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />;

type SubmitButtonProps = {
  children: ReactNode;
  /** what the button says while the action runs */
  pendingLabel: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** show a spinner beside the pending label */
  spinner?: boolean;
  /** with several submit buttons in one form, the pressed one is told apart by its name and value */
  name?: string;
  value?: string;
};

export const SubmitButton = ({ children, pendingLabel, variant, size, spinner = false, name, value }: SubmitButtonProps) => {
  const { pending, data } = useFormStatus();
  // Only the pressed button of a form with several shows its pending label.
  const mine = pending && (!name || data?.get(name) === value);
  return (
    <Button type="submit" name={name} value={value} disabled={pending} variant={variant} size={size}>
      {mine ? (
        <>
          {spinner ? <Spinner /> : null}
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
};
