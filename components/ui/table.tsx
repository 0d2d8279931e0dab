// The table primitive: a real <table> (with a caption for screen readers) that scrolls sideways inside
// its own box on a narrow phone instead of widening the page. That box is a named region a keyboard can
// focus (tabIndex 0), so it can be scrolled without a mouse (axe: scrollable-region-focusable).
import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { focusRing } from "./classes";

/**
 * `stacked`: below 640 px each row becomes a card of label–value lines (the column headings stay for screen
 * readers; each cell names its column by its `label`), so a phone reads a row without scrolling sideways.
 */
const STACKED =
  "max-sm:[&_thead]:sr-only max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:border-b max-sm:[&_tr]:border-[var(--ui-border)] max-sm:[&_tr]:py-2 " +
  "max-sm:[&_td]:flex max-sm:[&_td]:justify-between max-sm:[&_td]:gap-4 max-sm:[&_td]:border-0 max-sm:[&_td]:py-1 max-sm:[&_td]:text-right " +
  "max-sm:[&_td]:before:shrink-0 max-sm:[&_td]:before:text-left max-sm:[&_td]:before:font-semibold max-sm:[&_td]:before:text-[var(--ui-label)] max-sm:[&_td]:before:content-[attr(data-label)]";

export const Table = ({
  caption,
  children,
  className = "",
  stacked = false,
}: {
  caption: string;
  children: ReactNode;
  className?: string;
  stacked?: boolean;
}) => (
  <div role="region" aria-label={caption} tabIndex={0} className={`overflow-x-auto rounded ${focusRing} ${className}`.trim()}>
    <table className={`w-full border-collapse text-left text-sm text-[var(--ui-text)] ${stacked ? STACKED : ""}`.trim()}>
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

/** `label`: the cell's column, shown before its value when the table is `stacked` on a phone. */
export const Td = ({ className = "", label, ...rest }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) => (
  <td data-label={label} className={`border-b border-[var(--ui-border)] px-3 py-2 align-top ${className}`.trim()} {...rest} />
);
