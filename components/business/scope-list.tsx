// The scopes a platform asks for (or holds), in plain words grouped by area: one small heading per area
// (campaigns, money, players, items, business details) and a list of what the platform may do there.
export type ScopeAreaView = { area: string; title: string; items: string[] };

export const ScopeList = ({ areas, labelledBy }: { areas: ScopeAreaView[]; labelledBy?: string }) => (
  <div aria-labelledby={labelledBy} role={labelledBy ? "group" : undefined} className="space-y-3">
    {areas.map((a) => (
      <section key={a.area} aria-label={a.title} className="rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200 ring-inset">
        <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{a.title}</h3>
        <ul className="mt-1.5 space-y-1 text-sm text-slate-800">
          {a.items.map((item) => (
            <li key={item} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-slate-500" />
              <span className="min-w-0 [overflow-wrap:anywhere]">{item}</span>
            </li>
          ))}
        </ul>
      </section>
    ))}
  </div>
);
