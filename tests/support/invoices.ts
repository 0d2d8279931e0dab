// A platform's invoice as the tests need it: created ($100 of work, receiver Ada), sent, and paid by card in test mode.
import { expect } from "vitest";
import { POST as CREATE } from "@/app/api/v1/platform/invoices/route";
import { POST as SEND } from "@/app/api/v1/platform/invoices/[invoiceId]/send/route";
import { POST as PAY } from "@/app/api/v1/test-helpers/invoices/[invoiceId]/pay/route";
import { call } from "./http";
import { idem } from "./vc";

type Fee = { label: string; flat: number; recipientWallet: string };

/** A sent invoice of $100 (plus `fees`), paid by card when `pay`; its id and number. */
export const makeSentInvoice = async (
  p: { headers: Record<string, string> },
  { pay = true, receiverName = "Ada Buyer", fees = [] as Fee[] }: { pay?: boolean; receiverName?: string; fees?: Fee[] } = {},
) => {
  const created = await call(CREATE, {
    headers: idem(p.headers),
    body: {
      receiverName,
      receiverEmail: "ada@example.com",
      date: "2026-11-20",
      dueDate: "2026-12-20",
      items: [{ description: "Work", quantity: 1, rate: 100 }],
      fees,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const invoiceId: string = created.body._id;
  expect((await call(SEND, { headers: idem(p.headers), params: { invoiceId } })).status).toBe(200);
  if (pay) expect((await call(PAY, { headers: idem(p.headers), params: { invoiceId }, body: { method: "card" } })).status).toBe(200);
  return { id: invoiceId, number: created.body.invoiceNumber as string };
};
