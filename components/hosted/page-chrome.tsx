import { Logo } from "@/components/ui/logo";
import { focusRing } from "@/components/ui/classes";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";

/** The first focusable element of every hosted page: jumps to <main id="main">. */
export const SkipLink = ({ focusClassName = focusRing, locale = DEFAULT_LOCALE }: { focusClassName?: string; locale?: Locale }) => (
  <a href="#main" className={`sr-only rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-10 ${focusClassName}`}>
    {getTranslator(locale, "common")("skipToContent")}
  </a>
);

/** "Powered by Coinop" under every hosted page; `className` sets its colours. */
export const PoweredBy = ({
  className = "text-slate-600",
  nameClassName = "text-slate-800",
  locale = DEFAULT_LOCALE,
}: {
  className?: string;
  nameClassName?: string;
  locale?: Locale;
}) => (
  <footer className={`pb-8 text-center text-xs ${className}`}>
    <p className="inline-flex items-center gap-1.5">
      <span className="inline-block size-4 [&_svg]:size-4">
        <Logo />
      </span>
      <span>
        {getTranslator(locale, "common").rich("poweredBy", {
          name: (chunks) => <span className={`font-semibold ${nameClassName}`}>{chunks}</span>,
        })}
      </span>
    </p>
  </footer>
);
