// The table primitive: a real <table> (with a caption for screen readers) that scrolls sideways inside
// its own box on a narrow phone instead of widening the page. That box is a named region a keyboard can
// focus (tabIndex 0), so it can be scrolled without a mouse (axe: scrollable-region-focusable).
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { focusRing } from "./classes";

export const Table = ({ caption, children, className = "" }: { caption: string; children: ReactNode; className?: string }) => (
  <div role="region" aria-label={caption} tabIndex={0} className={`overflow-x-auto rounded ${focusRing} ${className}`.trim()}>
    <table className="w-full border-collapse text-left text-sm text-[var(--ui-text)]">
      <caption className="sr-only">{caption}</caption>
      {children}
    </table>
  </div>
);

export const Th = ({ className = "", ...rest }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th
    scope="col"
    className={`border-b border-[var(--ui-border)] px-3 py-2 text-xs font-semibold tracking-wide text-[var(--ui-label)] uppercase ${className}`.trim()}
    {...rest}
  />
);

export const Td = ({ className = "", ...rest }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={`border-b border-[var(--ui-border)] px-3 py-2 align-top ${className}`.trim()} {...rest} />
);
