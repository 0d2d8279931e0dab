/** The Coinop mark (decorative: pair it with the name). */
export const Logo = () => (
  <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
    <circle cx="16" cy="16" r="15" className="fill-brand-400" />
    <circle cx="16" cy="16" r="11" fill="none" className="stroke-slate-950" strokeWidth="2" />
    <path d="M19.5 11.5a6 6 0 1 0 0 9" fill="none" className="stroke-slate-950" strokeWidth="3" strokeLinecap="round" />
  </svg>
);
