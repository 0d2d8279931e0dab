"use client";
// The funded page's way back (issue 30, payer item 6): fund sessions carry no return URL and platforms no site
// address, so the page says the platform has been told and offers to close itself. A browser lets a script close
// only a tab a script opened; when the tab stays open, the button's place says it can be closed by hand.
import { useState } from "react";
import { Button } from "@/components/ui/button";

export const ClosePageButton = ({ label, fallback }: { label: string; fallback: string }) => {
  const [stayed, setStayed] = useState(false);
  const close = () => {
    window.close();
    // still here a moment later: the browser refused
    window.setTimeout(() => setStayed(true), 300);
  };
  return stayed ? (
    <p role="status" className="text-sm text-slate-700" data-testid="close-fallback">
      {fallback}
    </p>
  ) : (
    <Button type="button" onClick={close}>
      {label}
    </Button>
  );
};
