// /portal/{businessId}/cashouts: the cashout review queue of the selected environment. Pending requests
// oldest first (the order to review them in), or the decided ones by status; finance, owners and admins
// approve or reject with a reason (the /v1 approve and reject services), everyone who reads the ledger sees.
import type { Metadata } from "next";
import { CashoutItem } from "@/components/portal/cashout-item";
import { environmentOf } from "@/components/portal/env-href";
import { Card } from "@/components/ui/card";
import { focusRing } from "@/components/ui/classes";
import { formatUsdc } from "@/lib/portal/ledger-format";
import { listPortalCashouts, statusOf, type CashoutFilterStatus } from "@/lib/portal/list-portal-cashouts";
import { can } from "@/lib/portal/permissions";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";
import { approveCashoutAction, rejectCashoutAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Cashouts · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const TABS: { status: CashoutFilterStatus; label: string }[] = [
  { status: "pendingReview", label: "Pending" },
  { status: "approved", label: "Approved" },
  { status: "rejected", label: "Rejected" },
  { status: "all", label: "All" },
];

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const CashoutsPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const q = await searchParams;
  const environment = environmentOf(q.env);
  const status = statusOf(one(q.status));
  const decidedId = one(q.decided);
  const base = `/portal/${encodeURIComponent(businessId)}/cashouts`;
  const tabHref = (s: CashoutFilterStatus) => {
    const p = new URLSearchParams({ ...(environment === "live" ? { env: "live" } : {}), ...(s === "pendingReview" ? {} : { status: s }) });
    return p.size ? `${base}?${p}` : base;
  };
  return portalPage(
    { businessId, environment, current: "cashouts", load: (ctx) => listPortalCashouts(ctx, { businessId, environment, status, decidedId }) },
    ({ member, items, total, decided }, frame) => {
      const canDecide = can(member.permissions, "cashouts:write");
      return (
        <PortalPageShell
          {...frame}
          title="Cashouts"
          intro={
            <>
              <p className="mt-2 text-sm text-slate-700">
                Players ask to turn units into USDC at the rate of the moment they ask. Approving moves the units to the pool; rejecting needs a reason and
                moves nothing.
                {canDecide ? null : " Your role may see the queue, not decide."}
              </p>
              {decided ? (
                <p
                  role="status"
                  className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset"
                  data-testid="decided"
                >
                  {decided.status === "approved"
                    ? `Approved ${decided.unitsRequested} ${decided.currency.code} of ${decided.email ?? decided.userRef}: ${formatUsdc(decided.convertedBaseUnits ?? "0")} USDC owed to the player.`
                    : `Rejected the cashout of ${decided.email ?? decided.userRef}: “${decided.rejectionReason}”. No units moved.`}
                </p>
              ) : null}
              <nav aria-label="Cashout status" className="mt-4">
                <ul className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
                  {TABS.map((t) => (
                    <li key={t.status}>
                      <a
                        href={tabHref(t.status)}
                        aria-current={t.status === status ? "page" : undefined}
                        className={`inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold ${focusRing} ${t.status === status ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-white"}`}
                      >
                        {t.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </>
          }
        >
          <Card labelledBy="queue">
            <h2 id="queue" className="text-lg font-semibold text-slate-900">
              {TABS.find((t) => t.status === status)!.label} requests <span className="font-normal text-slate-600">({total})</span>
            </h2>
            {items.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">{status === "pendingReview" ? "Nothing to review." : "None."}</p>
            ) : (
              <ul className="mt-4 space-y-3" aria-label="Cashout requests">
                {items.map((c) => (
                  <CashoutItem
                    key={c._id}
                    c={c}
                    businessId={businessId}
                    environment={environment}
                    decide={
                      canDecide
                        ? {
                            approve: approveCashoutAction.bind(null, { businessId, environment, cashoutRequestId: c._id }),
                            reject: rejectCashoutAction.bind(null, { businessId, environment, cashoutRequestId: c._id }),
                          }
                        : null
                    }
                  />
                ))}
              </ul>
            )}
            {total > items.length ? (
              <p className="mt-3 text-sm text-slate-700">
                Showing the first {items.length} of {total}.
              </p>
            ) : null}
          </Card>
        </PortalPageShell>
      );
    },
  );
};

export default CashoutsPage;
