"use client";
// "Revoke" on the API keys page: the button opens a dialog that names the key (its label and prefix) and what
// stops working (its owner's calls get 401 at once; a key in its rotation grace loses the rest of it), and
// only its "Revoke key" button revokes. Cancel, the close button or Escape leave the key as it is.
import { useState } from "react";
import { buttonClass } from "@/components/ui/classes";
import { PortalDialog } from "./portal-dialog";
import { PortalForm, type PortalAction } from "./portal-form";

export const RevokeKeyButton = ({
  action,
  label,
  prefix,
  owner,
  header,
  graceLeft,
}: {
  action: PortalAction;
  label: string;
  prefix: string;
  /** the game or campaign the key belongs to */
  owner: string;
  /** the header its calls carry, e.g. "X-Game-Id: g_…" */
  header: string;
  /** for a rotated key: how long its grace period still runs ("6 days") */
  graceLeft: string | null;
}) => {
  const [open, setOpen] = useState(false);
  const name = label || `${prefix}…`;
  return (
    <div className="flex flex-col gap-2">
      <button type="button" onClick={() => setOpen(true)} className={buttonClass({ variant: "secondary" })} aria-haspopup="dialog">
        Revoke…
      </button>
      <p className="text-xs text-slate-600">Asks before anything changes.</p>
      <PortalDialog
        open={open}
        onClose={() => setOpen(false)}
        tone="danger"
        title={`Revoke “${name}”?`}
        testId="revoke-dialog"
        description={
          <>
            <p>
              Key <code className="font-mono">{prefix}…</code> of {owner} stops working at once: every request signed with it (
              <code className="font-mono [overflow-wrap:anywhere]">{header}</code>) gets 401. This cannot be undone.
            </p>
            {graceLeft ? (
              <p>It was rotated and would have kept working for {graceLeft}: revoking ends that grace period now. Its replacement is not affected.</p>
            ) : (
              <p>Deploy a new key to your servers first, or they stop calling Coinop.</p>
            )}
          </>
        }
      >
        <PortalForm action={action} label={`Revoke key ${prefix}`} submit="Revoke key" pendingLabel="Revoking…">
          <input type="hidden" name="confirm" value="yes" />
        </PortalForm>
        <button type="button" onClick={() => setOpen(false)} className={buttonClass({ variant: "secondary" })}>
          Cancel
        </button>
      </PortalDialog>
    </div>
  );
};
