"use client";
// "Close": the way back when the game gave the checkout no address (lib/checkout/resolve-back-link.ts). A
// tab the game opened closes; one the browser will not let a page close says so instead.
import { useState } from "react";

export const ClosePageButton = ({ label, fallback, className }: { label: string; fallback: string; className: string }) => {
  const [refused, setRefused] = useState(false);
  const close = () => {
    window.close();
    // still here a moment later: the browser keeps tabs the page did not open
    window.setTimeout(() => setRefused(!window.closed), 200);
  };
  return (
    <>
      <button type="button" onClick={close} className={className} data-testid="close-page">
        {label}
      </button>
      <span role="status" className={refused ? "mt-2 block text-center text-xs text-[var(--co-label)]" : "sr-only"}>
        {refused ? fallback : ""}
      </span>
    </>
  );
};
