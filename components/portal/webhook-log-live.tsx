"use client";
// The webhooks page's live delivery log: TanStack Query polls the log's state (GET …/webhooks/log, the page's
// game and filters) every few seconds while the tab is visible; when it differs from what the page rendered
// (a new delivery such as a test event, a status, an attempt, a next attempt), the page refreshes in place:
// open deliveries stay open, nothing is reloaded by hand. A polite status says it is live and when it looked.
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

type LogState = { fingerprint: string; totalCount: number };

const fetchState = async (url: string): Promise<LogState> => {
  const res = await fetch(url, { cache: "no-store", headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`The delivery log could not be read (${res.status}).`);
  return (await res.json()) as LogState;
};

export const WebhookLogLive = ({ url, fingerprint, poll = 3000 }: { url: string; fingerprint: string; poll?: number }) => {
  const router = useRouter();
  const { data, error, dataUpdatedAt } = useQuery({ queryKey: ["webhook-log", url], queryFn: () => fetchState(url), refetchInterval: poll });
  const changed = data !== undefined && data.fingerprint !== fingerprint;
  useEffect(() => {
    if (changed) router.refresh();
  }, [changed, router]);
  return (
    <p className="flex items-center gap-2 text-xs text-slate-600" data-testid="webhook-log-live" data-fingerprint={fingerprint}>
      <span aria-hidden="true" className={`inline-block size-2 rounded-full ${error ? "bg-amber-500" : "bg-emerald-600"}`} />
      <span role="status">{error ? "Live updates paused: the log could not be read. Reload the page." : "Live: new deliveries show on their own"}</span>
      {!error && dataUpdatedAt ? <span>· checked {new Date(dataUpdatedAt).toISOString().slice(11, 19)} UTC</span> : null}
    </p>
  );
};
