import { Logo } from "@/components/ui/logo";
import { focusRing } from "@/components/ui/classes";

/** The first focusable element of every hosted page: jumps to <main id="main">. */
export const SkipLink = ({ focusClassName = focusRing }: { focusClassName?: string }) => (
  <a href="#main" className={`sr-only rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-10 ${focusClassName}`}>
    Skip to content
  </a>
);

/** "Powered by Coinop" under every hosted page; `className` sets its colours. */
export const PoweredBy = ({ className = "text-slate-600", nameClassName = "text-slate-800" }: { className?: string; nameClassName?: string }) => (
  <footer className={`pb-8 text-center text-xs ${className}`}>
    <p className="inline-flex items-center gap-1.5">
      <span className="inline-block size-4 [&_svg]:size-4">
        <Logo />
      </span>
      Powered by <span className={`font-semibold ${nameClassName}`}>Coinop</span>
    </p>
  </footer>
);
