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
