import type { ReactNode } from "react";
import { DocumentLang } from "@/components/hosted/document-lang";
import { initials } from "@/components/hosted/initials";
import { PoweredBy, SkipLink } from "@/components/hosted/page-chrome";
import type { GameLinks } from "@/lib/checkout/describe-checkout";
import type { BackLink } from "@/lib/checkout/resolve-back-link";
import { BackToGame } from "./back-to-game";
import type { CheckoutTheme } from "@/lib/checkout/schemas";
import type { Locale } from "@/lib/i18n/locales";
import { themeStyle } from "./theme-style";
import type { Translate } from "./translate";

const linkClass =
  "inline-flex min-h-11 items-center rounded px-1 underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--co-primary)]";

/**
 * The frame of every checkout page: the game's page colour, its logo (or name), the way back to the game
 * (its return URL or store page, else "Close"; none on a final page, whose button is the way back) and a test-mode ribbon, then the content, then the game's terms and support
 * links and "Powered by Coinop". Themed through CSS variables; `lang` is the page's language (a grant may
 * set one that differs from the browser's); fits a 390 px phone.
 */
export const CheckoutShell = ({
  theme,
  gameName,
  test,
  links,
  back,
  locale,
  t,
  children,
}: {
  theme: CheckoutTheme;
  gameName: string;
  test: boolean;
  links: GameLinks;
  /** the way back in the header, or null (a final page shows it as its button) */
  back: BackLink | null;
  locale: Locale;
  t: Translate;
  children: ReactNode;
}) => (
  <div lang={locale} style={themeStyle(theme)} className="flex min-h-dvh flex-col bg-[var(--co-page)] text-[var(--co-text)]">
    <DocumentLang lang={locale} />
    <SkipLink locale={locale} />
    {test ? <p className="bg-amber-100 px-4 py-1.5 text-center text-xs font-semibold text-amber-900">{t("shell.testMode")}</p> : null}
    <header className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 pt-4 sm:px-6 sm:pt-6">
      <div className="flex min-w-0 items-center gap-3">
        {theme.logoUrl ? (
          <img src={theme.logoUrl} alt={gameName} className="h-9 max-w-48 object-contain" />
        ) : (
          <>
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-[var(--co-primary)] text-sm font-bold text-[var(--co-primary-fg)]"
            >
              {initials(gameName)}
            </span>
            <span className="truncate text-base font-semibold text-[var(--co-title)]">{gameName}</span>
          </>
        )}
      </div>
      {back ? <BackToGame back={back} game={gameName} t={t} place="header" /> : null}
    </header>
    <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-4 sm:px-6 sm:py-10">
      {children}
    </main>
    {links.terms || links.support ? (
      <nav
        aria-label={t("shell.links", { game: gameName })}
        className="flex flex-wrap items-center justify-center gap-x-4 px-4 pb-2 text-xs text-[var(--co-label)]"
      >
        {links.terms ? (
          <a href={links.terms} className={linkClass}>
            {t("shell.terms")}
          </a>
        ) : null}
        {links.support ? (
          <a href={links.support} className={linkClass}>
            {t("shell.support", { game: gameName })}
          </a>
        ) : null}
      </nav>
    ) : null}
    <PoweredBy className="text-[var(--co-label)]" nameClassName="" locale={locale} />
  </div>
);
