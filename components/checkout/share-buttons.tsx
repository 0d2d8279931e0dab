"use client";
// "Tell a friend" after a purchase: the system share sheet where there is one, else a copied message.
import { useState } from "react";
import { buttonClass, type ButtonVariant } from "@/components/ui/classes";

export const ShareButtons = ({
  text,
  label,
  copiedLabel,
  variant = "secondary",
}: {
  text: string;
  label: string;
  copiedLabel: string;
  variant?: ButtonVariant;
}) => {
  const [copied, setCopied] = useState(false);
  const share = async () => {
    try {
      if (navigator.share) await navigator.share({ text });
      else {
        await navigator.clipboard.writeText(text);
        setCopied(true);
      }
    } catch {
      // the payer closed the share sheet: nothing to do
    }
  };
  return (
    <div>
      <button type="button" onClick={share} className={buttonClass({ variant, size: "lg" })}>
        {label}
      </button>
      <p role="status" className={copied ? "mt-2 text-center text-xs text-[var(--co-label)]" : "sr-only"}>
        {copied ? copiedLabel : ""}
      </p>
    </div>
  );
};
