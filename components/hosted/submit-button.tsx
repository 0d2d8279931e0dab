"use client";
// A form's submit button that shows progress while its server action runs.
import { useFormStatus } from "react-dom";
import { primaryButton, secondaryButton } from "./styles";

export const SubmitButton = ({ children, pendingLabel, secondary = false, name, value }: { children: string; pendingLabel: string; secondary?: boolean; name?: string; value?: string }) => {
  const { pending, data } = useFormStatus();
  // Only the pressed button of a form with several shows its pending label.
  const mine = pending && (!name || data?.get(name) === value);
  return (
    <button type="submit" name={name} value={value} disabled={pending} className={secondary ? secondaryButton : primaryButton}>
      {mine ? pendingLabel : children}
    </button>
  );
};
