import type { TxContext } from "../db/transaction.ts";
import { USDC_ASSET } from "../ledger/accounts.ts";
import { postJournal } from "../ledger/post-journal.ts";
import { lockPurchase } from "../purchases/lock-purchase.ts";

/**
 * Releases a pending live card refund that Stripe refused (it did nothing), in the caller's transaction: the Refund
 * row becomes failed and lets go of its Idempotency-Key (a new request with the key starts afresh), so what it held
 * back is refundable again. A purchase reserves through the pending row alone; an invoice had moved its shares back
 * (its journal and refundedCents), which are reversed here, to the cent. A row that is no longer pending is left as
 * it is. Returns whether this call released it.
 */
export const releaseRefund = async (ctx: TxContext, { refundId }: { refundId: string }): Promise<boolean> => {
  const tx = ctx.db;
  const first = await tx.refund.findUniqueOrThrow({ where: { id: refundId }, select: { objectType: true, objectId: true } });
  if (first.objectType === "purchase") await lockPurchase({ db: tx }, { purchaseId: first.objectId });
  else await tx.$queryRaw`SELECT 1 FROM "Invoice" WHERE id = ${first.objectId} FOR UPDATE`;
  const row = await tx.refund.findUniqueOrThrow({ where: { id: refundId } });
  if (row.status !== "pending") return false;
  if (row.objectType === "invoice") {
    if (row.journalId) {
      const journal = await tx.ledgerJournal.findUniqueOrThrow({
        where: { id: row.journalId },
        include: { postings: { include: { account: { select: { kind: true, ownerRef: true, address: true, allowNegative: true } } } } },
      });
      await postJournal(tx, {
        asset: USDC_ASSET,
        environment: row.environment,
        tenantId: row.businessId,
        type: "invoice_refund_release",
        reference: row.objectId,
        metadata: { invoiceId: row.objectId, refundId: row.id, released: row.journalId },
        unitLabel: "USDC micro-units",
        postings: journal.postings.map((x) => ({ account: x.account, delta: -x.delta, description: `Released: ${x.description}` })),
      });
    }
    const inv = await tx.invoice.findUniqueOrThrow({ where: { id: row.objectId }, select: { refundedCents: true } });
    await tx.invoice.update({ where: { id: row.objectId }, data: { refundedCents: inv.refundedCents - row.amount } });
  }
  await tx.refund.update({ where: { id: refundId }, data: { status: "failed", requestKey: null } });
  return true;
};

// What this module can raise: its own codes and the lists of the modules it calls (tests/service-errors.test.ts).
import type { ErrorCode } from "../core/errors.ts";
import { POST_JOURNAL_ERRORS } from "../ledger/post-journal.ts";
import { LOCK_PURCHASE_ERRORS } from "../purchases/lock-purchase.ts";
export const RELEASE_REFUND_ERRORS = [...LOCK_PURCHASE_ERRORS, ...POST_JOURNAL_ERRORS] as const satisfies readonly ErrorCode[];
