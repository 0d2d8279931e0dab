// The hosted wallet page: /wallet/{token}, opened from the signed link of POST /v1/wallet/manage. It shows
// the player's wallet address, USDC balance and latest movements. The token is the credential (1 hour).
import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { MerchantHeader } from "@/components/hosted/merchant-header";
import { StateMessage } from "@/components/hosted/state-message";
import { getDb } from "@/lib/db/client";
import { loadWalletPage, type WalletHistoryEntry } from "@/lib/wallet/load-wallet-page";
import { Card } from "@/components/ui/card";

type Props = { params: Promise<{ token: string }> };

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Your wallet", robots: { index: false, follow: false }, referrer: "no-referrer" };

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";

const History = ({ entries }: { entries: WalletHistoryEntry[] }) =>
  entries.length === 0 ? (
    <p className="mt-3 rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">No activity yet.</p>
  ) : (
    <ul className="mt-3 divide-y divide-slate-100" aria-label="Wallet activity, newest first">
      {entries.map((e) => (
        <li key={e.id} className="flex items-start justify-between gap-4 py-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">{e.description || (e.direction === "in" ? "Received" : "Sent")}</p>
            <p className="text-xs text-slate-600">
              <time dateTime={e.at}>{when(e.at)}</time>
            </p>
          </div>
          <p className={`shrink-0 text-sm font-semibold tabular-nums ${e.direction === "in" ? "text-emerald-700" : "text-slate-900"}`}>
            <span className="sr-only">{e.direction === "in" ? "Received" : "Spent"} </span>
            <span aria-hidden="true">{e.direction === "in" ? "+" : "−"}</span>
            {e.amount} USDC
          </p>
        </li>
      ))}
    </ul>
  );

const WalletPage = async ({ params }: Props) => {
  const { token } = await params;
  const page = await loadWalletPage(getDb(), token);
  if (!page.ok)
    return (
      <HostedLayout>
        <Card labelledBy="title">
          <StateMessage
            tone={page.reason === "expired" ? "warning" : "error"}
            title={page.reason === "expired" ? "This link has expired" : "This link is not valid"}
            headingId="title"
          >
            Wallet links work for one hour. Open your wallet again from the game to get a new link.
          </StateMessage>
        </Card>
      </HostedLayout>
    );
  return (
    <HostedLayout>
      <Card labelledBy="title">
        <MerchantHeader
          merchant={{ kind: "game", name: page.gameName, imageUrl: page.gameImageUrl || null, environment: page.environment === "live" ? "live" : "test" }}
        />
        <h1 id="title" className="mt-6 text-sm font-medium text-slate-600">
          Your wallet balance
        </h1>
        <p className="mt-1 text-4xl font-semibold tracking-tight text-slate-900 tabular-nums">
          {page.balance} <span className="text-lg font-medium text-slate-600">USDC</span>
        </p>
        <div className="mt-6">
          <h2 className="text-sm font-medium text-slate-600" id="address-label">
            Wallet address
          </h2>
          <p
            aria-labelledby="address-label"
            className="mt-1 rounded-lg bg-slate-50 px-3 py-2.5 font-mono text-sm text-slate-900 ring-1 ring-slate-200 ring-inset select-all [overflow-wrap:anywhere]"
          >
            {page.address}
          </p>
        </div>
        <div className="mt-6 border-t border-slate-200 pt-5">
          <h2 className="text-base font-semibold text-slate-900">Activity</h2>
          <History entries={page.history} />
        </div>
        <p className="mt-6 text-xs text-slate-600">
          This page is private to you. The link stops working at <time dateTime={page.expiresAt}>{when(page.expiresAt)}</time>.
        </p>
      </Card>
    </HostedLayout>
  );
};

export default WalletPage;
