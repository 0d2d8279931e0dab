// Small pieces the request log, its detail page and object timelines share: the status badge, the method
// tag, times, and a stored body shown pretty-printed when it is JSON.
import { Badge } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code-block";

/** `label`: the status's screen-reader prefix ("Status" unless the page gives it in the member's language). */
export const StatusBadge = ({ status, label = "Status" }: { status: number; label?: string }) => (
  <Badge tone={status >= 500 ? "danger" : status >= 400 ? "warning" : "success"}>
    <span className="sr-only">{label} </span>
    {status}
  </Badge>
);

export const MethodTag = ({ method }: { method: string }) => (
  <span className="inline-flex min-w-14 justify-center rounded-md bg-slate-900 px-2 py-0.5 font-mono text-xs font-semibold text-white">{method}</span>
);

/** "2026-11-26 07:02:53 UTC" */
export const utc = (d: Date) => `${d.toISOString().slice(0, 19).replace("T", " ")} UTC`;

const pretty = (text: string): string => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/** A stored (already redacted) body, or a line saying there was none. */
/** `none`: the line for no body ("{label}: none." unless the page gives it in the member's language). */
export const StoredBody = ({ label, body, none }: { label: string; body: string | null; none?: string }) =>
  body ? <CodeBlock label={label} code={pretty(body)} /> : <p className="text-sm text-slate-700">{none ?? `${label}: none.`}</p>;
