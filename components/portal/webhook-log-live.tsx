"use client";
// The webhooks page's live delivery log: TanStack Query polls the log's state (GET …/webhooks/log, the page's
// game and filters) every few seconds while the tab is visible; when it differs from what the page rendered
// (a new delivery such as a test event, a status, an attempt, a next attempt), the page refreshes in place:
// open deliveries stay open, nothing is reloaded by hand. A polite status says it is live and when it looked,
// in the words the server page passes (already in the member's language).
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { PortalQueryProvider } from "./query-provider";

type LogState = { fingerprint: string; totalCount: number };

const fetchState = async (url: string): Promise<LogState> => {
  const res = await fetch(url, { cache: "no-store", headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`The delivery log could not be read (${res.status}).`);
  return (await res.json()) as LogState;
};

/** What the status says: live, paused, and when it looked (`{time}` is replaced by the UTC time, "12:03:04"). */
export type WebhookLogLiveWords = { on: string; paused: string; checked: string };

type Props = { url: string; fingerprint: string; poll?: number; words: WebhookLogLiveWords };

/** The live status with its own query client (the portal's pages load TanStack Query only where a part polls). */
export const WebhookLogLive = (props: Props) => (
  <PortalQueryProvider>
    <LiveStatus {...props} />
  </PortalQueryProvider>
);

const LiveStatus = ({ url, fingerprint, poll = 3000, words }: Props) => {
  const router = useRouter();
  const { data, error, dataUpdatedAt } = useQuery({ queryKey: ["webhook-log", url], queryFn: () => fetchState(url), refetchInterval: poll });
  const changed = data !== undefined && data.fingerprint !== fingerprint;
  useEffect(() => {
    if (changed) router.refresh();
  }, [changed, router]);
  return (
    <p className="flex items-center gap-2 text-xs text-slate-600" data-testid="webhook-log-live" data-fingerprint={fingerprint}>
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${error ? "bg-amber-500" : "bg-emerald-600"}`} />
      <span role="status">{error ? words.paused : words.on}</span>
      {!error && dataUpdatedAt ? <span>{words.checked.replace("{time}", new Date(dataUpdatedAt).toISOString().slice(11, 19))}</span> : null}
    </p>
  );
};
