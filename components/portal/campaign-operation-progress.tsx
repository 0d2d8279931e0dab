"use client";
// The progress of a campaign's start, stop or withdraw: requested (the status changed at once, as the API's
// 202), then the background job (the money moved for a withdrawal, the webhook sent). While the operation is
// pending, TanStack Query polls its JSON (…/operations/{id}) every second; when the job has finished it, the
// page is refreshed once, so the campaign's figures follow.
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { OperationProgressView } from "@/lib/portal/load-portal-campaign-operation";

export type OperationProgress = OperationProgressView;

const EVENT: Record<string, string> = { start: "Campaign.Started", stop: "Campaign.Stopped", withdraw: "Campaign.Withdrawn" };
const VERB: Record<string, string> = { start: "Start", stop: "Stop", withdraw: "Withdrawal" };
const time = (iso: string) => `${iso.slice(11, 19)} UTC`;

const fetchOperation = async (url: string): Promise<OperationProgress> => {
  const res = await fetch(url, { cache: "no-store", headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`The operation's progress could not be read (${res.status}).`);
  return (await res.json()) as OperationProgress;
};

export const CampaignOperationProgress = ({ op: initial, url, poll = 1000 }: { op: OperationProgress; url: string; poll?: number }) => {
  const router = useRouter();
  const { data: op, error } = useQuery({
    queryKey: ["campaign-operation", initial.id],
    queryFn: () => fetchOperation(url),
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.status === "pending" ? poll : false),
  });
  const pending = op.status === "pending";
  const wasPending = useRef(initial.status === "pending");
  useEffect(() => {
    if (wasPending.current && !pending) {
      wasPending.current = false;
      router.refresh();
    }
  }, [pending, router]);
  const done = op.status === "completed";
  const failed = op.status === "failed";
  const steps = [
    { label: `${VERB[op.kind] ?? op.kind} requested at ${time(op.requestedAt)}`, state: "done" as const },
    {
      label:
        op.kind === "withdraw"
          ? done
            ? "Funds moved to the business funding wallet"
            : "Moving the funds to the business funding wallet"
          : done
            ? `The background job confirmed the status: ${op.kind === "start" ? "started" : "stopped"}`
            : `The background job is confirming the status (${op.kind === "start" ? "started" : "stopped"})`,
      state: done ? ("done" as const) : failed ? ("failed" as const) : ("running" as const),
    },
    {
      label: `${EVENT[op.kind] ?? "Webhook"} sent${op.completedAt ? ` at ${time(op.completedAt)}` : ""}`,
      state: done ? ("done" as const) : ("waiting" as const),
    },
  ];
  return (
    <div className="rounded-lg p-3 ring-1 ring-slate-200 ring-inset" data-testid={`operation-${op.id}`} data-kind={op.kind} data-status={op.status}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">
          {VERB[op.kind] ?? op.kind}: {done ? "done" : failed ? "failed" : "in progress"}
        </p>
        <p className="text-xs text-slate-600">{done ? "3 of 3 steps" : "1 of 3 steps"}</p>
      </div>
      <progress
        className="mt-2 h-2 w-full overflow-hidden rounded-full accent-emerald-700"
        max={3}
        value={done ? 3 : 1}
        aria-label={`${VERB[op.kind] ?? op.kind} progress`}
        aria-valuetext={done ? "Done" : failed ? "Failed" : "In progress"}
      />
      <ol className="mt-2 space-y-1 text-sm">
        {steps.map((s) => (
          <li key={s.label} className="flex items-start gap-2">
            <span
              aria-hidden="true"
              className={`mt-1 size-2.5 shrink-0 rounded-full ${s.state === "done" ? "bg-emerald-600" : s.state === "running" ? "animate-pulse bg-amber-500" : s.state === "failed" ? "bg-red-600" : "bg-slate-300"}`}
            />
            <span className={s.state === "waiting" ? "text-slate-600" : "text-slate-900"}>
              {s.label}
              <span className="sr-only"> ({s.state})</span>
            </span>
          </li>
        ))}
      </ol>
      {op.detail ? <p className="mt-2 text-sm text-slate-700">{op.detail}</p> : null}
      {pending ? (
        <p role="status" className="mt-2 text-xs text-slate-600">
          {error ? `${error.message} Retrying…` : "Checking every second…"}
        </p>
      ) : (
        <p role="status" className="sr-only">
          {VERB[op.kind] ?? op.kind} {done ? "done" : "failed"}.
        </p>
      )}
    </div>
  );
};
