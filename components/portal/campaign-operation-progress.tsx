"use client";
// The progress of a campaign's start, stop or withdraw: requested (the status changed at once, as the API's
// 202), then the background job (the money moved for a withdrawal, the webhook sent). While the operation is
// pending, TanStack Query polls its JSON (…/operations/{id}) every second; when the job has finished it, the
// page is refreshed once, so the campaign's figures follow. Its words come from the server page, in the
// member's language, for this operation's kind (`operationWords`); "{time}", "{status}" and "{error}" are
// filled here.
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { OperationProgressView } from "@/lib/portal/load-portal-campaign-operation";

export type OperationProgress = OperationProgressView;

/** The progress card's words for one operation kind, translated by the server page. */
export type OperationWords = {
  verb: string;
  requested: string;
  fundsMoved: string;
  fundsMoving: string;
  confirmed: string;
  confirming: string;
  sent: string;
  sentAt: string;
  headDone: string;
  headFailed: string;
  headRunning: string;
  steps3: string;
  steps1: string;
  progress: string;
  done: string;
  failed: string;
  inProgress: string;
  state: Record<"done" | "running" | "failed" | "waiting", string>;
  unreadable: string;
  retrying: string;
  checking: string;
  finalDone: string;
  finalFailed: string;
};

const time = (iso: string) => `${iso.slice(11, 19)} UTC`;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);

const fetchOperation = async (url: string, unreadable: string): Promise<OperationProgress> => {
  const res = await fetch(url, { cache: "no-store", headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(fill(unreadable, { status: String(res.status) }));
  return (await res.json()) as OperationProgress;
};

export const CampaignOperationProgress = ({
  op: initial,
  url,
  poll = 1000,
  words: w,
}: {
  op: OperationProgress;
  url: string;
  poll?: number;
  words: OperationWords;
}) => {
  const router = useRouter();
  const { data: op, error } = useQuery({
    queryKey: ["campaign-operation", initial.id],
    queryFn: () => fetchOperation(url, w.unreadable),
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
    { label: fill(w.requested, { time: time(op.requestedAt) }), state: "done" as const },
    {
      label: op.kind === "withdraw" ? (done ? w.fundsMoved : w.fundsMoving) : done ? w.confirmed : w.confirming,
      state: done ? ("done" as const) : failed ? ("failed" as const) : ("running" as const),
    },
    {
      label: op.completedAt ? fill(w.sentAt, { time: time(op.completedAt) }) : w.sent,
      state: done ? ("done" as const) : ("waiting" as const),
    },
  ];
  return (
    <div className="rounded-lg p-3 ring-1 ring-slate-200 ring-inset" data-testid={`operation-${op.id}`} data-kind={op.kind} data-status={op.status}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">{done ? w.headDone : failed ? w.headFailed : w.headRunning}</p>
        <p className="text-xs text-slate-600">{done ? w.steps3 : w.steps1}</p>
      </div>
      <progress
        className="mt-2 h-2 w-full overflow-hidden rounded-full accent-emerald-700"
        max={3}
        value={done ? 3 : 1}
        aria-label={w.progress}
        aria-valuetext={done ? w.done : failed ? w.failed : w.inProgress}
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
              <span className="sr-only"> ({w.state[s.state]})</span>
            </span>
          </li>
        ))}
      </ol>
      {op.detail ? <p className="mt-2 text-sm text-slate-700">{op.detail}</p> : null}
      {pending ? (
        <p role="status" className="mt-2 text-xs text-slate-600">
          {error ? fill(w.retrying, { error: error.message }) : w.checking}
        </p>
      ) : (
        <p role="status" className="sr-only">
          {done ? w.finalDone : w.finalFailed}
        </p>
      )}
    </div>
  );
};
