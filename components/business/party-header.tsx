// Who the business admin is dealing with on the business pages: a monogram, a kind label ("Platform",
// "Business") and the name, with a Test mode badge for test-environment objects, in the page's language.
import { initials } from "@/components/hosted/initials";
import { TestModeBadge } from "@/components/hosted/test-mode-badge";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";

export const PartyHeader = ({ kind, name, test, locale = DEFAULT_LOCALE }: { kind: string; name: string; test: boolean; locale?: Locale }) => (
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
          <TestModeBadge locale={locale} />
        </p>
      ) : null}
    </div>
  </div>
);
