import type { ReactNode } from "react";

/** Focus ring shared by links styled as buttons. */
export const linkClass = "rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400";

export const ButtonLink = ({ href, children, primary = false }: { href: string; children: ReactNode; primary?: boolean }) => (
  <a
    href={href}
    className={`inline-flex items-center justify-center gap-2 px-5 py-3 text-sm font-semibold transition-colors ${linkClass} ${
      primary ? "bg-brand-400 text-slate-950 hover:bg-brand-300" : "bg-white/10 text-white ring-1 ring-white/20 hover:bg-white/15"
    }`}
  >
    {children}
  </a>
);
