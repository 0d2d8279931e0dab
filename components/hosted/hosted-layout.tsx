import type { ReactNode } from "react";
import { PoweredBy, SkipLink } from "./page-chrome";

/**
 * The frame of a hosted page: a centred column on a quiet background, the card in the middle, and a
 * "Powered by Coinop" footer. Fits a 390px phone without sideways scrolling.
 */
export const HostedLayout = ({ children }: { children: ReactNode }) => (
  <div className="flex min-h-dvh flex-col bg-gradient-to-b from-slate-100 to-slate-50">
    <SkipLink />
    <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-8 sm:py-16">
      {children}
    </main>
    <PoweredBy />
  </div>
);

/** The white card of a hosted page. */
export const HostedCard = ({ children, labelledBy }: { children: ReactNode; labelledBy?: string }) => (
  <section aria-labelledby={labelledBy} className="min-w-0 rounded-2xl bg-white p-6 shadow-xl ring-1 shadow-slate-900/5 ring-slate-900/5 sm:p-8">
    {children}
  </section>
);
