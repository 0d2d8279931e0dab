// The Overview's "Get started" checklist (lib/portal/load-portal-checklist.ts): an ordered list of the five
// steps of a newcomer's first hour, each with its state in words ("Done" / "To do", not colour only) and the
// link that does it. Open while steps remain; once all five are done it folds into one line (a <details>).
import type { ReactNode } from "react";
import { CopyButton, type CopyWords } from "@/components/hosted/copy-button";
import { VerificationBadge } from "@/components/hosted/verification-status";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { CodeBlock } from "@/components/ui/code-block";
import { SERVER_KEY_VARIABLE, type PortalChecklist } from "@/lib/portal/load-portal-checklist";
import { can, type PortalPermission } from "@/lib/portal/permissions";

const copyWords = (what: string): CopyWords => ({
  copy: `Copy ${what}`,
  copied: "Copied",
  announced: `${what[0]!.toUpperCase()}${what.slice(1)} copied to the clipboard`,
  failed: `Could not copy: select the ${what} and copy it.`,
});

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

const Mark = ({ done }: { done: boolean }) => (
  <span
    aria-hidden="true"
    className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
      done ? "bg-emerald-600 text-white" : "bg-white text-slate-500 ring-2 ring-slate-300 ring-inset"
    }`}
  >
    {done ? "✓" : ""}
  </span>
);

const Step = ({ n, id, title, done, children }: { n: number; id: string; title: string; done: boolean; children: ReactNode }) => (
  <li className="flex gap-3 py-4 first:pt-0 last:pb-0" data-testid={`step-${id}`} data-done={done}>
    <Mark done={done} />
    <div className="min-w-0 flex-1">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`step-${id}`} className="font-semibold text-slate-900">
          {n}. {title}
        </h3>
        <Badge tone={done ? "success" : "neutral"}>{done ? "Done" : "To do"}</Badge>
      </div>
      <div className="mt-1 space-y-2 text-sm leading-6 text-slate-700">{children}</div>
    </div>
  </li>
);

const TEST_STATE = {
  none: "No test event sent yet.",
  pending: "A test event is on its way (retried until your endpoint answers 2xx).",
  failed: "The test event was not delivered: check the delivery log, fix the endpoint and send another.",
  succeeded: "Your endpoint received a test event.",
} as const;

export const FirstHourChecklist = ({
  businessId,
  checklist: c,
  permissions,
}: {
  businessId: string;
  checklist: PortalChecklist;
  /** the member's: a page their role cannot open is named, not linked */
  permissions: readonly PortalPermission[];
}) => {
  const base = `/portal/${encodeURIComponent(businessId)}`;
  const link = (href: string, text: string, permission: PortalPermission) =>
    can(permissions, permission) ? (
      <a className={textLinkClass} href={href}>
        {text}
      </a>
    ) : null;
  const total = Object.keys(c.steps).length;
  return (
    <Card labelledBy="checklist-title">
      <details open={!c.complete} className="group">
        <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center justify-between gap-2 rounded-lg">
          <h2 id="checklist-title" className="text-lg font-semibold text-slate-900">
            <span aria-hidden="true" className="mr-2 inline-block text-slate-600 transition-transform group-open:rotate-90">
              ▸
            </span>
            {c.complete ? "Getting started: all done" : "Get started"}
          </h2>
          <span className="text-sm text-slate-700" data-testid="checklist-progress">
            {c.doneCount} of {total} steps done
          </span>
        </summary>
        <ol className="mt-4 divide-y divide-slate-200" aria-label="Getting started steps">
          <Step n={1} id="game" title="Create a test game" done={c.steps.game.done}>
            <p>
              {c.steps.game.done
                ? `You have ${c.steps.game.count} test game${c.steps.game.count === 1 ? "" : "s"}. Test mode moves no real money.`
                : "A test game gets its own server keys, currencies and webhooks. Test mode moves no real money."}{" "}
              {link(`${base}/games`, c.steps.game.done ? "Your games" : "Create a game", "games:read")}
            </p>
          </Step>
          <Step n={2} id="key" title="Copy a server key" done={c.steps.key.done}>
            <p>
              Create a server key for {c.game ? <strong className="[overflow-wrap:anywhere]">{c.game.name}</strong> : "your test game"} and copy it: it is shown
              once, and only its hash is stored. {link(`${base}/keys`, "API keys", "keys:read")}
            </p>
            {c.game ? (
              <p className="flex flex-wrap items-center gap-2">
                <span>
                  Every request sends the game&apos;s id: <code className="font-mono text-xs [overflow-wrap:anywhere]">X-Game-Id: {c.game.id}</code>
                </span>
                <CopyButton value={c.game.id} words={copyWords("game id")} />
              </p>
            ) : null}
          </Step>
          <Step n={3} id="call" title="Make the first call" done={c.steps.call.done}>
            {c.curl ? (
              <>
                <p>
                  Put the key you copied in <code className="font-mono text-xs">{SERVER_KEY_VARIABLE}</code> (
                  <code className="font-mono text-xs [overflow-wrap:anywhere]">export {SERVER_KEY_VARIABLE}=service_server_test_…</code>): Coinop keeps only the
                  key&apos;s hash, so this page cannot fill it in. Then run:
                </p>
                <CodeBlock label="First call" regionLabel="First call: curl command" code={c.curl} />
                <div className="flex flex-wrap items-center gap-2">
                  <CopyButton value={c.curl} words={copyWords("command")} />
                </div>
              </>
            ) : (
              <p>Create a test game first: the call names it.</p>
            )}
            <p>
              {c.steps.call.lastAt ? `Last successful call: ${when(c.steps.call.lastAt)}.` : "Ticked when the request log shows a successful call."}{" "}
              {link(`${base}/logs`, "Request log", "logs:read")}
            </p>
          </Step>
          <Step n={4} id="webhook" title="Add a webhook endpoint and send a test event" done={c.steps.webhook.done}>
            <p>
              {c.steps.webhook.endpoints === 0
                ? "Add the URL where your server receives events, then press “Send test event”."
                : `${c.steps.webhook.endpoints} endpoint${c.steps.webhook.endpoints === 1 ? "" : "s"}. ${TEST_STATE[c.steps.webhook.test]}`}{" "}
              {link(`${base}/webhooks`, "Webhooks", "webhooks:read")}
            </p>
          </Step>
          <Step n={5} id="live" title="Apply to go live" done={c.steps.live.done}>
            <p className="flex flex-wrap items-center gap-2">
              <span>Activation:</span>
              <VerificationBadge status={c.steps.live.status} />
            </p>
            <p>
              Live games, keys and payments open once the instance&apos;s operators approve your business.{" "}
              {link(`${base}/activation`, c.steps.live.done ? "Your application" : "Apply to go live", "overview:read")}
            </p>
          </Step>
        </ol>
      </details>
    </Card>
  );
};
