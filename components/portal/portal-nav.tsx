"use client";
// The portal's section navigation. From sm up: every section, wrapped on as many rows as it takes. On a phone:
// the current section and a "Menu" button (aria-expanded) that opens the whole list as a two-column grid;
// Escape closes it and gives the focus back to the button. One list for both, so a link exists once.
import { useEffect, useId, useRef, useState } from "react";
import { focusRing } from "@/components/ui/classes";

export type PortalNavItem = { key: string; label: string; href: string };

const pill = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold w-full sm:w-auto ${focusRing} ${active ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100"}`;

/** The nav's own words, in the portal's language (portal-frame.tsx passes them from the "portal" catalog). */
export type PortalNavWords = { nav: string; menu: string; sectionsFallback: string };
const ENGLISH: PortalNavWords = { nav: "Portal", menu: "Menu", sectionsFallback: "Sections" };

export const PortalNav = ({ items, current, words = ENGLISH }: { items: PortalNavItem[]; current?: string; words?: PortalNavWords }) => {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const here = items.find((i) => i.key === current);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <nav aria-label={words.nav} className="mx-auto w-full max-w-5xl px-4 pb-2">
      <div className="flex items-center justify-between gap-3 sm:hidden">
        <p className="min-w-0 truncate text-sm font-semibold text-slate-900">{here?.label ?? words.sectionsFallback}</p>
        <button
          ref={button}
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
          className={`inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 ${focusRing}`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
            {open ? (
              <path d="M5.3 4.3a1 1 0 0 1 1.4 0L10 7.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 9l3.3 3.3a1 1 0 0 1-1.4 1.4L10 10.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 9 5.3 5.7a1 1 0 0 1 0-1.4Z" />
            ) : (
              <path d="M3 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm0 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm1 4a1 1 0 1 0 0 2h12a1 1 0 1 0 0-2H4Z" />
            )}
          </svg>
          {words.menu} <span className="font-normal text-slate-600">({items.length})</span>
        </button>
      </div>
      <ul id={listId} className={`${open ? "grid" : "hidden"} mt-2 grid-cols-2 gap-1 sm:mt-0 sm:flex sm:flex-wrap`}>
        {items.map((n) => (
          <li key={n.key} className="min-w-0">
            <a href={n.href} aria-current={n.key === current ? "page" : undefined} className={pill(n.key === current)}>
              {n.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
};
