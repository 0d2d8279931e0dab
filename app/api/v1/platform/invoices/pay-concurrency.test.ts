// 64 parallel card pays, ACH pays and cancels of one sent invoice: exactly one wins, it is paid at most once,
// and the USDC books balance.
import { describe, expect, it } from "vitest";
import { POST as CREATE } from "./route";
import { POST as CANCEL } from "./[invoiceId]/cancel/route";
import { POST as PAY } from "../../test-helpers/invoices/[invoiceId]/pay/route";
import { call } from "@/tests/support/http";
import { makePlatform } from "@/tests/support/fixtures";
import { idem } from "@/tests/support/vc";
import { getDb } from "@/lib/db/client";
import { checkVcLedgerInvariants } from "@/lib/vc/check-vc-journal-entries";
import { getAccountBalance } from "@/lib/ledger/get-account-balance";

const body = {
  receiverName: "R",
  receiverEmail: "race@example.com",
  date: "2026-11-20",
  dueDate: "2026-11-30",
  status: "sent",
  emailSuppressed: true,
  items: [{ description: "x", quantity: 1, rate: 100 }],
  fees: [{ label: "fee", percentage: 1, recipientWallet: "0x" + "cd".repeat(20) }],
};

describe("invoice payment under concurrency", () => {
  for (const round of [0, 1, 2])
    it(`round ${round}: 64 racing pays and cancels of one invoice end in exactly one outcome`, async () => {
      const p = await makePlatform();
      const inv = (await call(CREATE, { headers: idem(p.headers), body })).body;
      const ops = Array.from({ length: 64 }, (_, i) => {
        const kind = (i + round) % 3;
        if (kind === 2) return () => call(CANCEL, { headers: idem(p.headers), params: { invoiceId: inv._id } });
        return () => call(PAY, { headers: idem(p.headers), params: { invoiceId: inv._id }, body: { method: kind === 0 ? "card" : "ach" } });
      });
      const results = await Promise.all(ops.map((op) => op()));
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.code === "INVOICE_STATE_CONFLICT")).toBe(true);
      const row = await getDb().invoice.findUniqueOrThrow({ where: { id: inv._id } });
      expect(["paid", "cancelled"]).toContain(row.status);
      const journals = await getDb().ledgerJournal.count({ where: { reference: inv._id } });
      const balance = await getAccountBalance(getDb(), { asset: "usdc", environment: "test", kind: "business", ownerRef: p.business.id });
      if (row.status === "paid") {
        expect(journals).toBe(1);
        expect(balance.balance).toBe(100_0000_00n); // $100.00 in micro-units
      } else {
        expect(journals).toBe(0);
        expect(balance.balance).toBe(0n);
      }
      const audit = await checkVcLedgerInvariants(getDb(), { asset: "usdc", environment: "test" });
      expect(audit).toMatchObject({ sum: 0n, negativeAccounts: [], driftedAccounts: [], unbalancedJournals: [], miscountedTenants: [], misstatedJournals: [] });
    });
});
