// The hosted invoice page: /invoice/{publicInvoiceId}?sig=…, the links.invoice of the Platform API and the link
// of the invoice email. The signed URL is the credential. The receiver sees the items, fees, total, due date and
// status, pays (card or ACH in test mode), and downloads the invoice as a PDF, or its receipt once paid.
import type { Metadata } from "next";
import { HostedLayout } from "@/components/hosted/hosted-layout";
import { MerchantHeader } from "@/components/hosted/merchant-header";
import { StateMessage } from "@/components/hosted/state-message";
import { InvoicePayForms, SettleAchForm } from "@/components/invoice/invoice-pay-forms";
import { Badge } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/classes";
import { Card } from "@/components/ui/card";
import { Table, Td, Th } from "@/components/ui/table";
import { getDb } from "@/lib/db/client";
import { loadInvoicePage, type InvoicePageView } from "@/lib/invoices/load-invoice-page";
import { payInvoiceAction } from "../actions";

type Props = { params: Promise<{ publicId: string }>; searchParams: Promise<{ sig?: string | string[] }> };

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Invoice", robots: { index: false, follow: false }, referrer: "no-referrer" };

const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (d: Date) => d.toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });

const STATUS: Record<InvoicePageView["status"], { label: string; tone: "neutral" | "warning" | "success" | "danger" }> = {
  draft: { label: "Draft", tone: "neutral" },
  sent: { label: "Due", tone: "warning" },
  processing: { label: "Processing", tone: "warning" },
  paid: { label: "Paid", tone: "success" },
  cancelled: { label: "Cancelled", tone: "danger" },
};

const Totals = ({ v }: { v: InvoicePageView }) => (
  <dl className="mt-4 space-y-1.5 text-sm">
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">Subtotal</dt>
      <dd className="tabular-nums text-slate-900">{money(v.subtotalCents)}</dd>
    </div>
    {v.taxCents ? (
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">Tax</dt>
        <dd className="tabular-nums text-slate-900">{money(v.taxCents)}</dd>
      </div>
    ) : null}
    <div className="flex justify-between gap-4 font-medium">
      <dt className="text-slate-700">Invoice total</dt>
      <dd className="tabular-nums text-slate-900">{money(v.totalCents)}</dd>
    </div>
    {v.fees.map((f, i) => (
      <div key={i} className="flex justify-between gap-4">
        <dt className="text-slate-600 [overflow-wrap:anywhere]">{f.label}</dt>
        <dd className="tabular-nums text-slate-900">{money(f.amountCents)}</dd>
      </div>
    ))}
    <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-semibold">
      <dt className="text-slate-900">{v.status === "paid" ? "Amount paid" : "Amount due"} (USD)</dt>
      <dd className="tabular-nums text-slate-900" data-testid="amount-due">
        {money(v.chargedCents)}
      </dd>
    </div>
  </dl>
);

const InvoicePage = async ({ params, searchParams }: Props) => {
  const { publicId } = await params;
  const raw = (await searchParams).sig;
  const sig = typeof raw === "string" ? raw : null;
  const v = await loadInvoicePage({ db: getDb() }, { publicId, sig });
  if (!v)
    return (
      <HostedLayout>
        <Card labelledBy="title">
          <StateMessage tone="error" title="This invoice link is not valid" headingId="title">
            Check that you opened the whole link from the invoice email, or ask the sender for a new one.
          </StateMessage>
        </Card>
      </HostedLayout>
    );
  const status = STATUS[v.status];
  const pay = payInvoiceAction.bind(null, { publicId: v.publicId, sig });
  return (
    <HostedLayout>
      <Card labelledBy="title">
        <MerchantHeader merchant={{ kind: "business", name: v.businessName, imageUrl: v.businessLogoUrl, environment: v.environment }} />
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
          <h1 id="title" className="text-xl font-semibold text-slate-900">
            Invoice {v.invoiceNumber}
          </h1>
          <Badge tone={status.tone} dot>
            <span className="sr-only">Status: </span>
            <span data-testid="invoice-status">{status.label}</span>
          </Badge>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div className="col-span-2 min-w-0">
            <dt className="text-slate-600">Billed to</dt>
            <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">
              {v.receiverName}
              {v.receiverEmail ? <span className="block font-normal text-slate-600">{v.receiverEmail}</span> : null}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Invoice date</dt>
            <dd className="text-slate-900">{day(v.date)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Due date</dt>
            <dd className="text-slate-900">{day(v.dueDate)}</dd>
          </div>
        </dl>
        <Table caption="Line items" className="mt-6">
          <thead>
            <tr>
              <Th>Item</Th>
              <Th className="text-right">Qty</Th>
              <Th className="text-right">Rate</Th>
              <Th className="text-right">Amount</Th>
            </tr>
          </thead>
          <tbody>
            {v.items.map((item, i) => (
              <tr key={i}>
                <Td className="[overflow-wrap:anywhere]">{item.description}</Td>
                <Td className="text-right tabular-nums">{Number(item.quantity.toFixed(4))}</Td>
                <Td className="text-right tabular-nums">{money(item.rateCents)}</Td>
                <Td className="text-right tabular-nums">{money(item.amountCents)}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
        <Totals v={v} />
        {v.note ? <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{v.note}</p> : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <a href={v.pdfPath} className={buttonClass({ variant: "secondary" })} download>
            Download PDF
          </a>
          {v.receiptPath ? (
            <a href={v.receiptPath} className={buttonClass({ variant: "secondary" })} download>
              Download receipt
            </a>
          ) : null}
        </div>
      </Card>
      <Card labelledBy="pay-title" className="mt-6">
        {v.status === "sent" && v.environment === "test" ? (
          <>
            <p id="pay-title" className="sr-only">
              Payment
            </p>
            <InvoicePayForms action={pay} amount={money(v.chargedCents)} />
          </>
        ) : v.status === "sent" ? (
          <StateMessage tone="info" title="Online payment is not available yet" headingId="pay-title">
            Pay this invoice as agreed with {v.businessName}.
          </StateMessage>
        ) : v.status === "processing" ? (
          <>
            <StateMessage tone="info" title="Bank transfer processing" headingId="pay-title">
              Your ACH transfer of {money(v.chargedCents)} has started. This page shows “Paid” once it settles.
            </StateMessage>
            {v.environment === "test" ? (
              <div className="mt-4">
                <SettleAchForm action={pay} />
              </div>
            ) : null}
          </>
        ) : v.status === "paid" ? (
          <StateMessage tone="success" title="Paid" headingId="pay-title">
            {money(v.chargedCents)} paid{v.paidAt ? ` on ${day(v.paidAt)}` : ""}
            {v.paymentMethod ? ` by ${v.paymentMethod === "ach" ? "bank transfer (ACH)" : "card"}` : ""}. Thank you!
          </StateMessage>
        ) : (
          <StateMessage tone="warning" title="This invoice was cancelled" headingId="pay-title">
            Nothing is due. Contact {v.businessName} if you have questions.
          </StateMessage>
        )}
      </Card>
    </HostedLayout>
  );
};

export default InvoicePage;
