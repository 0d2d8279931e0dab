"use client";
// "Tell a friend" after a purchase: the system share sheet where there is one, else a copied message.
import { useState } from "react";
import { buttonClass } from "@/components/ui/classes";

export const ShareButtons = ({ text }: { text: string }) => {
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
      <button type="button" onClick={share} className={buttonClass({ variant: "secondary", size: "lg" })}>
        Share with friends
      </button>
      <p role="status" className={copied ? "mt-2 text-center text-xs text-[var(--co-label)]" : "sr-only"}>
        {copied ? "Copied to your clipboard." : ""}
      </p>
    </div>
  );
};
