// /portal/{businessId}/disputes: the open Stripe disputes (chargebacks) of the business's live card payments, the
// soonest evidence due date first, each with a link to Stripe's own dispute page where the evidence is sent.
import type { Metadata } from "next";
import { environmentOf } from "@/components/portal/env-href";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/classes";
import { Table, Td, Th } from "@/components/ui/table";
import { formatWhen } from "@/lib/portal/ledger-format";
import { listPortalDisputes } from "@/lib/portal/list-portal-disputes";
import { PortalPageShell } from "@/components/portal/portal-page-shell";
import { portalPage } from "../../_lib/page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: { absolute: "Disputes · Developer portal" }, robots: { index: false } };

type Props = { params: Promise<{ businessId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const DisputesPage = async ({ params, searchParams }: Props) => {
  const { businessId } = await params;
  const environment = environmentOf((await searchParams).env);
  return portalPage(
    { businessId, environment, current: "disputes", load: (ctx) => listPortalDisputes(ctx, { businessId, environment }) },
    ({ items }, frame) => (
      <PortalPageShell
        {...frame}
        title="Disputes"
        intro={
          <p className="mt-2 text-sm text-slate-700">
            A payer&apos;s bank disputed these card payments. Send your evidence at Stripe before the due date; while a dispute is open, what the purchase
            delivered is held back, and it comes back if you win.
          </p>
        }
      >
        <Card labelledBy="open-disputes">
          <h2 id="open-disputes" className="text-lg font-semibold text-slate-900">
            Open disputes <span className="font-normal text-slate-600">({items.length})</span>
          </h2>
          {items.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">No open disputes.</p>
          ) : (
            <Table caption="Open disputes" className="mt-3">
              <thead>
                <tr>
                  <Th>Evidence due</Th>
                  <Th>Amount</Th>
                  <Th>Reason</Th>
                  <Th>Status</Th>
                  <Th>Payment</Th>
                  <Th>At Stripe</Th>
                </tr>
              </thead>
              <tbody>
                {items.map((d) => (
                  <tr key={d.id} data-testid={`dispute-${d.id}`}>
                    <Td className="whitespace-nowrap">{d.evidenceDueBy ? formatWhen(d.evidenceDueBy) : "—"}</Td>
                    <Td className="whitespace-nowrap">
                      {(Number(d.amountCents) / 100).toFixed(2)} {d.currency}
                    </Td>
                    <Td>{d.reason.replaceAll("_", " ")}</Td>
                    <Td>{d.status.replaceAll("_", " ")}</Td>
                    <Td className="font-mono text-xs [overflow-wrap:anywhere]">
                      {d.objectType} {d.objectId}
                    </Td>
                    <Td>
                      <a className={`${textLinkClass} inline-flex min-h-11 items-center`} href={d.stripeUrl} target="_blank" rel="noopener noreferrer">
                        Open {d.id} at Stripe
                      </a>
                    </Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Card>
      </PortalPageShell>
    ),
  );
};

export default DisputesPage;
