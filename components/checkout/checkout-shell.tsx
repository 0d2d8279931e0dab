import type { ReactNode } from "react";
import { initials } from "@/components/hosted/initials";
import { PoweredBy, SkipLink } from "@/components/hosted/page-chrome";
import type { CheckoutTheme } from "@/lib/checkout/schemas";
import { themeStyle } from "./theme-style";

/**
 * The frame of every checkout page: the game's page colour, its logo (or name) and a test-mode ribbon,
 * then the content, then "Powered by Coinop". Themed through CSS variables; fits a 390 px phone.
 */
export const CheckoutShell = ({ theme, gameName, test, children }: { theme: CheckoutTheme; gameName: string; test: boolean; children: ReactNode }) => (
  <div style={themeStyle(theme)} className="flex min-h-dvh flex-col bg-[var(--co-page)] text-[var(--co-text)]">
    <SkipLink />
    {test ? <p className="bg-amber-100 px-4 py-1.5 text-center text-xs font-semibold text-amber-900">Test mode · no real money moves</p> : null}
    <header className="mx-auto flex w-full max-w-5xl items-center gap-3 px-4 pt-6 sm:px-6">
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
    </header>
    <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
      {children}
    </main>
    <PoweredBy className="text-[var(--co-label)]" nameClassName="" />
  </div>
);
