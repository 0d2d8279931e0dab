"use client";
// "Revoke" on the API keys page: the button opens a dialog that names the key (its label and prefix) and what
// stops working (its owner's calls get 401 at once; a key in its rotation grace loses the rest of it), and
// only its "Revoke key" button revokes. Cancel, the close button or Escape leave the key as it is. Its words
// come from the server page, already in the member's language (RevokeKeyWords).
import { useState, type ReactNode } from "react";
import { buttonClass } from "@/components/ui/classes";
import { PortalDialog } from "./portal-dialog";
import { PortalForm, type PortalAction } from "./portal-form";

/** The dialog's words for one key: its title names the key, `body` says what stops working, `note` what to do first (or what a rotated key loses). */
export type RevokeKeyWords = {
  open: string;
  asks: string;
  title: string;
  body: ReactNode;
  note: ReactNode;
  label: string;
  submit: string;
  pending: string;
  cancel: string;
};

export const RevokeKeyButton = ({ action, words }: { action: PortalAction; words: RevokeKeyWords }) => {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <button type="button" onClick={() => setOpen(true)} className={buttonClass({ variant: "secondary" })} aria-haspopup="dialog">
        {words.open}
      </button>
      <p className="text-xs text-slate-600">{words.asks}</p>
      <PortalDialog
        open={open}
        onClose={() => setOpen(false)}
        tone="danger"
        title={words.title}
        testId="revoke-dialog"
        description={
          <>
            <p>{words.body}</p>
            <p>{words.note}</p>
          </>
        }
      >
        <PortalForm action={action} label={words.label} submit={words.submit} pendingLabel={words.pending}>
          <input type="hidden" name="confirm" value="yes" />
        </PortalForm>
        <button type="button" onClick={() => setOpen(false)} className={buttonClass({ variant: "secondary" })}>
          {words.cancel}
        </button>
      </PortalDialog>
    </div>
  );
};
