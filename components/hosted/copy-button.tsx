"use client";
// A button that copies a value (a wallet address) to the clipboard, and says so: its label turns to
// "Copied" and a polite live region announces it to screen readers. The words come from the page.
import { useEffect, useRef, useState } from "react";
import { focusRing } from "@/components/ui/classes";

export type CopyWords = { copy: string; copied: string; announced: string; failed: string };

export const CopyButton = ({ value, words }: { value: string; words: CopyWords }) => {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
      timer.current = setTimeout(() => setState("idle"), 4000);
    } catch {
      setState("failed");
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={copy}
        className={`inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg bg-white px-3 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 ${focusRing}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {state === "copied" ? (
            <path d="M5 13l4 4L19 7" />
          ) : (
            <>
              <rect x="9" y="9" width="11" height="11" rx="2" />
              <path d="M5 15V5a2 2 0 0 1 2-2h10" />
            </>
          )}
        </svg>
        {state === "copied" ? words.copied : words.copy}
      </button>
      <span role="status" className="sr-only">
        {state === "copied" ? words.announced : state === "failed" ? words.failed : ""}
      </span>
      {state === "failed" ? <span className="basis-full text-xs text-red-700">{words.failed}</span> : null}
    </>
  );
};
