// Who the business admin is dealing with on the business pages: a monogram, a kind label ("Platform",
// "Business") and the name, with a Test mode badge for test-environment objects.
import { initials } from "@/components/hosted/initials";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";

export const PartyHeader = ({ kind, name, test }: { kind: string; name: string; test: boolean }) => (
  <div className="flex items-center gap-4">
    <span aria-hidden="true" className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-slate-900 text-lg font-bold text-brand-300">
      {initials(name)}
    </span>
    <div className="min-w-0">
      <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{kind}</p>
      <p className="truncate text-lg font-semibold text-slate-900" title={name}>
        {name}
      </p>
      {test ? (
        <p className="mt-1">
          <TestModeBadge />
        </p>
      ) : null}
    </div>
  </div>
);
