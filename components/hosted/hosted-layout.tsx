import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { DocumentLang } from "./document-lang";
import { PoweredBy, SkipLink } from "./page-chrome";

/**
 * The frame of a hosted page: a centred column on a quiet background, the card in the middle, and a
 * "Powered by Coinop" footer. Fits a 390px phone without sideways scrolling. `locale` is the page's
 * language: it translates the frame and sets `lang` on it and on <html>.
 */
export const HostedLayout = ({ children, locale }: { children: ReactNode; locale?: Locale }) => (
  <div lang={locale} className="flex min-h-dvh flex-col bg-gradient-to-b from-slate-100 to-slate-50">
    {locale ? <DocumentLang lang={locale} /> : null}
    <SkipLink locale={locale} />
    <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-8 sm:py-16">
      {children}
    </main>
    <PoweredBy locale={locale} />
  </div>
);
