"use client";
// A modal dialog of the portal: the native <dialog> opened with showModal(), so the browser traps the focus
// (the rest of the page is inert), Escape closes it and the focus goes back to what opened it. It is
// labelled by its heading and described by `description`. `open` is the parent's state; closing (Escape,
// the close button, a success) calls `onClose`.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { focusRing } from "@/components/ui/classes";

export const PortalDialog = ({
  open,
  onClose,
  title,
  description,
  tone = "neutral",
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  tone?: "neutral" | "danger";
  children: ReactNode;
  testId?: string;
}) => {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      onClose={onClose}
      data-testid={testId}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-slate-900 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/50"
    >
      <div className="flex flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className={`text-lg font-semibold [overflow-wrap:anywhere] ${tone === "danger" ? "text-red-900" : "text-slate-900"}`}>
            {title}
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            aria-label="Close"
            className={`-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 ${focusRing}`}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M5.3 4.3a1 1 0 0 1 1.4 0L10 7.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 9l3.3 3.3a1 1 0 0 1-1.4 1.4L10 10.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 9 5.3 5.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        </div>
        {description ? (
          <div id={descId} className="space-y-2 text-sm text-slate-700">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </dialog>
  );
};
