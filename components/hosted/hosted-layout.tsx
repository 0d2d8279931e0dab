import type { ReactNode } from "react";
import { Logo } from "@/components/ui/logo";
import { focusRing } from "./styles";

/**
 * The frame of a hosted page: a centred column on a quiet background, the card in the middle, and a
 * "Powered by Coinop" footer. Fits a 390px phone without sideways scrolling.
 */
export const HostedLayout = ({ children }: { children: ReactNode }) => (
  <div className="flex min-h-dvh flex-col bg-gradient-to-b from-slate-100 to-slate-50">
    <a href="#main" className={`sr-only rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-10 ${focusRing}`}>
      Skip to content
    </a>
    <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-8 sm:py-16">
      {children}
    </main>
    <footer className="pb-8 text-center text-xs text-slate-600">
      <p className="inline-flex items-center gap-1.5">
        <span className="inline-block size-4 [&_svg]:size-4">
          <Logo />
        </span>
        Powered by <span className="font-semibold text-slate-800">Coinop</span>
      </p>
    </footer>
  </div>
);

/** The white card of a hosted page. */
export const HostedCard = ({ children, labelledBy }: { children: ReactNode; labelledBy?: string }) => (
  <section aria-labelledby={labelledBy} className="min-w-0 rounded-2xl bg-white p-6 shadow-xl ring-1 shadow-slate-900/5 ring-slate-900/5 sm:p-8">
    {children}
  </section>
);
