import { Fragment } from "react";
import { textLinkClass } from "@/components/ui/classes";

// http(s) addresses only: anything else stays text, so a stored mail cannot smuggle a javascript: link.
const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** A mail's plain text with its web addresses as links, line breaks kept. */
export const LinkedText = ({ text }: { text: string }) => (
  <div className="text-sm leading-6 [overflow-wrap:anywhere] whitespace-pre-wrap text-slate-800">
    {text.split(URL_PATTERN).map((part, i) =>
      i % 2 === 1 ? (
        <a key={i} href={part} className={textLinkClass}>
          {part}
        </a>
      ) : (
        <Fragment key={i}>{part}</Fragment>
      ),
    )}
  </div>
);
